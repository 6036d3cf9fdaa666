import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context';
import { LocalBillingProvider } from '../services/billing/localBilling';
import { accountRoutes } from './account';
import { accountVerificationRoutes } from './accountVerification';
import { apiDocsRoutes } from './apiDocs';
import { apiKeyRoutes } from './apiKeys';
import { badgeImageRoutes } from './badgeImages';
import { badgeLibraryRoutes } from './badgeLibrary';
import { billingRoutes } from './billing';
import { billingPageRoutes } from './billingPages';
import { contactUsRoutes } from './contactUs';
import { cpfExportRoutes } from './cpfExport';
import { credentialRoutes } from './credentials';
import { creditOperationRoutes } from './creditOperations';
import { dashboardRoutes } from './dashboard';
import { emailingRoutes } from './emailing';
import { healthRoutes } from './health';
import { issuerProfileRoutes } from './issuerProfile';
import { ledgerPageRoutes } from './ledgerPages';
import { nftClaimRoutes } from './nftClaims';
import { notificationRoutes } from './notifications';
import { onboardingRoutes } from './onboarding';
import { pdfRoutes } from './pdf';
import { publicationRoutes } from './publication';
import { publicationPartsRoutes } from './publicationParts';
import { publicPageRoutes } from './publicPages';
import { referenceTableRoutes } from './referenceTables';
import { reissueRoutes } from './reissue';
import { reportRoutes } from './reports';
import { sessionRoutes } from './session';
import { signUpRoutes } from './signUp';
import { tagRoutes } from './tags';
import { templateListRoutes } from './templateList';
import { templateRoutes } from './templates';
import { templateUploadRoutes } from './templateUploads';
import { termsRoutes } from './terms';
import { userRoutes } from './users';
import { protocolCorsRoutes } from './protocolCors';
import { vcApiVerifierRoutes } from './vcApiVerifier';
import { walletRoutes } from './wallets';
import { walletDeliveryRoutes } from './walletDelivery';
import { correctionRoutes } from './corrections';

/** A route module: registers its routes on the app with the shared context. */
export type RouteModule = (app: FastifyInstance, ctx: AppContext) => Promise<void>;

/** Billing's API and its built-in provider's pages share one provider (it makes its product catalogue once). */
const billingProviders = new WeakMap<AppContext, LocalBillingProvider>();
function billingProvider(ctx: AppContext): LocalBillingProvider {
  let provider = billingProviders.get(ctx);
  if (!provider) {
    provider = new LocalBillingProvider(ctx.db, ctx.config.publicUrl);
    billingProviders.set(ctx, provider);
  }
  return provider;
}

/**
 * Every route module of the server, in registration order (issue 29): `app.ts` walks this list, and no route module
 * registers another. The order is the one the modules had before the list.
 */
export const ROUTE_MODULES: readonly RouteModule[] = [
  (app) => apiDocsRoutes(app),
  healthRoutes,
  sessionRoutes,
  termsRoutes,
  templateRoutes,
  templateListRoutes,
  (app, ctx) => templateUploadRoutes(app, ctx, ctx.files),
  referenceTableRoutes,
  tagRoutes,
  userRoutes,
  apiKeyRoutes,
  (app, ctx) => notificationRoutes(app, ctx, ctx.config.webhooks),
  (app, ctx) => issuerProfileRoutes(app, ctx),
  accountVerificationRoutes,
  accountRoutes,
  (app, ctx) => billingRoutes(app, ctx, billingProvider(ctx)),
  (app, ctx) => billingPageRoutes(app, ctx, billingProvider(ctx)),
  signUpRoutes,
  creditOperationRoutes,
  onboardingRoutes,
  credentialRoutes,
  walletRoutes,
  walletDeliveryRoutes,
  correctionRoutes,
  publicPageRoutes,
  ledgerPageRoutes,
  nftClaimRoutes,
  publicationRoutes,
  publicationPartsRoutes,
  reportRoutes,
  reissueRoutes,
  emailingRoutes,
  pdfRoutes,
  cpfExportRoutes,
  contactUsRoutes,
  dashboardRoutes,
  badgeLibraryRoutes,
  badgeImageRoutes,
  vcApiVerifierRoutes,
  (app) => protocolCorsRoutes(app),
];

/** Registers every route module of ROUTE_MODULES, one after the other. */
export async function registerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  for (const routes of ROUTE_MODULES) await routes(app, ctx);
}
