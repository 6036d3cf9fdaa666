import { isSupportedLanguage, type Language } from '../../../domain/language';
import type { AppContext } from '../../context';
import { serverLanguage } from '../../i18n';
import { mailTemplate } from '../../repositories/emailing';
import { walletDeliveryCertificate } from '../../repositories/walletDelivery';
import { certificateTitle } from '../emailing/sendEmails';
import { goesIntoWallet } from './walletDelivery';

/**
 * What the "Add to a wallet" page shows of a certificate that can go into a wallet: its title and the language the
 * page speaks (the one asked for when the product has it, else the certificate's); null for any other certificate.
 */
export async function walletPageCertificate(
  ctx: Pick<AppContext, 'db'>,
  key: string,
  wanted: string | undefined,
): Promise<{ title: string; language: Language } | null> {
  const certificate = await walletDeliveryCertificate(ctx.db, { key });
  if (!goesIntoWallet(certificate) || certificate.email === '') return null;
  const language = serverLanguage(isSupportedLanguage(wanted) ? wanted : certificate.language);
  const template = await mailTemplate(ctx.db, certificate.template_id);
  return { title: certificateTitle(template, language), language };
}
