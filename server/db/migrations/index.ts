import type { Migration } from 'kysely';
import * as foundation from './2026-11-22T1900_foundation';
import * as templates from './2026-11-22T1930_templates';
import * as apiKeys from './2026-11-22T2000_api_keys';
import * as webhooks from './2026-11-22T2030_webhooks';
import * as templateTags from './2026-11-22T2045_template_tags';
import * as issuerKeys from './2026-11-22T2100_issuer_keys';
import * as publication from './2026-11-22T2200_publication';
import * as accountVerifications from './2026-11-23T0030_account_verifications';
import * as issuerPlanProduct from './2026-11-23T0100_issuer_plan_product';
import * as dashboard from './2026-11-23T0200_dashboard';
import * as onboarding from './2026-11-23T0210_onboarding';
import * as dashboardCounts from './2026-11-23T0300_dashboard_counts';
import * as badgeImages from './2026-11-25T1300_badge_images';
import * as totpLastStep from './2026-11-25T1400_totp_last_step';
import * as validators from './2026-11-25T1500_validators';
import * as templateTechnicalFields from './2026-11-25T1600_template_technical_fields';
import * as webhookSigning from './2026-11-25T1700_webhook_signing';
import * as reportSearch from './2026-11-25T2000_report_search';
import * as billing from './2026-11-25T2100_billing';
import * as mailDeliveries from './2026-11-26T0010_mail_deliveries';
import * as jobLeases from './2026-11-26T0020_job_leases';
import * as transparencyLog from './2026-11-26T0040_transparency_log';
import * as rateLimits from './2026-11-26T0070_rate_limits';
import * as chainTransactions from './2026-11-26T0120_chain_transactions';
import * as nftClaims from './2026-11-26T0130_nft_claims';
import * as publicationUploads from './2026-11-26T0140_publication_uploads';
import * as templatePublicSample from './2026-11-28T0100_template_public_sample';
import * as templateOptionalNames from './2026-11-29T0100_template_optional_names';
import * as certificateReplacements from './2026-11-28T0300_certificate_replacements';
import * as replacementKind from './2026-11-30T0100_replacement_kind';
import * as walletOffers from './2026-11-28T1500_wallet_offers';
import * as walletOfferClaims from './2026-11-28T1900_wallet_offer_claims';
import * as recipientCodes from './2026-11-29T0000_recipient_codes';
import * as correctionRequests from './2026-11-29T0200_correction_requests';
import * as expiry from './2026-11-29T0300_expiry';
import * as certificateActivity from './2026-11-29T0400_certificate_activity';

/** Every migration, in order. Names are dates; a landed migration is frozen: add a new one to change the schema. */
export const migrations: Record<string, Migration> = {
  '2026-11-22T1900_foundation': foundation,
  '2026-11-22T1930_templates': templates,
  '2026-11-22T2000_api_keys': apiKeys,
  '2026-11-22T2030_webhooks': webhooks,
  '2026-11-22T2045_template_tags': templateTags,
  '2026-11-22T2100_issuer_keys': issuerKeys,
  '2026-11-22T2200_publication': publication,
  '2026-11-23T0030_account_verifications': accountVerifications,
  '2026-11-23T0100_issuer_plan_product': issuerPlanProduct,
  '2026-11-23T0200_dashboard': dashboard,
  '2026-11-23T0210_onboarding': onboarding,
  '2026-11-23T0300_dashboard_counts': dashboardCounts,
  '2026-11-25T1300_badge_images': badgeImages,
  '2026-11-25T1400_totp_last_step': totpLastStep,
  '2026-11-25T1500_validators': validators,
  '2026-11-25T1600_template_technical_fields': templateTechnicalFields,
  '2026-11-25T1700_webhook_signing': webhookSigning,
  '2026-11-25T2000_report_search': reportSearch,
  '2026-11-25T2100_billing': billing,
  '2026-11-26T0010_mail_deliveries': mailDeliveries,
  '2026-11-26T0020_job_leases': jobLeases,
  '2026-11-26T0040_transparency_log': transparencyLog,
  '2026-11-26T0070_rate_limits': rateLimits,
  '2026-11-26T0120_chain_transactions': chainTransactions,
  '2026-11-26T0130_nft_claims': nftClaims,
  '2026-11-26T0140_publication_uploads': publicationUploads,
  '2026-11-28T0100_template_public_sample': templatePublicSample,
  '2026-11-28T0300_certificate_replacements': certificateReplacements,
  '2026-11-28T1500_wallet_offers': walletOffers,
  '2026-11-28T1900_wallet_offer_claims': walletOfferClaims,
  '2026-11-29T0000_recipient_codes': recipientCodes,
  '2026-11-29T0100_template_optional_names': templateOptionalNames,
  '2026-11-29T0200_correction_requests': correctionRequests,
  '2026-11-29T0300_expiry': expiry,
  '2026-11-29T0400_certificate_activity': certificateActivity,
  '2026-11-30T0100_replacement_kind': replacementKind,
};
