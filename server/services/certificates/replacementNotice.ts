import { BRAND_NAMES, chooseBrand } from '../../../domain/brand';
import { RECIPIENT_LANGUAGE, type EmailLanguage } from '../../../domain/emailing';
import { formatLocalDate } from '../../../domain/localDate';
import { CAMPAIGN_ID_PLACEHOLDER } from '../../../domain/notifications';
import type { AppContext } from '../../context';
import { translate } from '../../i18n';
import { findIssuer } from '../../repositories/issuers';
import { listCampaignReplacements, type CampaignReplacement } from '../../repositories/replacements';
import { findIssuerTemplate } from '../../repositories/templates';
import { ensureWebhookSecret, findNotificationConfig } from '../../repositories/webhooks';
import { certificateTitle, defaultMessage, mailLanguage } from '../emailing/sendEmails';
import { deliverMail } from '../mail/mailQueue';
import type { MailMessage } from '../mail/mailer';
import { deliverWithRetries } from '../webhooks/deliver';
import type { WebhookSettings } from '../../settings/webhooks';
import { campaignDeliveryId, newWebhookSecret } from '../webhooks/signing';
import { escapeHtml } from '../../../domain/rendering/html';

/**
 * What follows a corrected re-issue once its new certificates are signed (issue 28): the issuer's webhook is told
 * `certificate.replaced` (old key, new key, reason), and every recipient gets one mail in their language saying what
 * changed, with the link to the corrected certificate.
 */
export const CERTIFICATE_REPLACED_EVENT = 'certificate.replaced';
/**
 * What follows a renewal (issue 28): `certificate.renewed` (old key, new key, the new validity), and one mail per
 * recipient saying the credential was renewed, with the new validity, the link, the wallet and LinkedIn.
 */
export const CERTIFICATE_RENEWED_EVENT = 'certificate.renewed';

function fields(json: string): Record<string, string> {
  try {
    const value = JSON.parse(json) as unknown;
    return typeof value === 'object' && value !== null ? (value as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The fields whose values changed, "lastName: Curei → Curie", in the new certificate's order. */
export function changedFields(oldData: string, newData: string): string[] {
  const before = fields(oldData);
  const after = fields(newData);
  const names = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return names
    .filter((name) => (before[name] ?? '') !== (after[name] ?? ''))
    .map((name) => `${name}: ${before[name] ?? ''} → ${after[name] ?? ''}`);
}

/** The recipient's mail: what changed, why, and the link to the corrected certificate. */
export function replacementMail(input: {
  to: string;
  language: EmailLanguage;
  name: string;
  issuer: string;
  title: string;
  product: string;
  changes: string[];
  reason: string;
  link: string;
  from: MailMessage['from'] | null;
  replyTo: MailMessage['replyTo'] | null;
}): MailMessage {
  const t = (key: string) =>
    translate(input.language, `mail.replaced.${key}`, {
      name: input.name,
      issuer: input.issuer,
      title: input.title,
      product: input.product,
      reason: input.reason,
    });
  const greeting = input.name ? t('greeting') : t('greetingNoName');
  const changes = input.changes.map((line) => `- ${line}`).join('\n');
  const text = `${greeting}\n\n${t('intro')}\n\n${changes}\n\n${t('reason')}\n\n${t('previous')}\n\n${input.link}\n\n${t('footer')}\n`;
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
<p>${escapeHtml(greeting)}</p>
<p>${escapeHtml(t('intro'))}</p>
<ul>${input.changes.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>
<p>${escapeHtml(t('reason'))}</p>
<p>${escapeHtml(t('previous'))}</p>
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;background:#1f5c4a;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t('action'))}</a></p>
<p style="font-size:12px;color:#9ca3af;word-break:break-all">${escapeHtml(input.link)}</p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(t('footer'))}</p>
</body></html>`;
  return {
    to: input.to,
    subject: t('subject'),
    text,
    html,
    ...(input.from ? { from: input.from } : {}),
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
  };
}

/** The recipient's mail of a renewal: the new validity, the link to the renewed credential, its wallet and LinkedIn. */
export function renewalMail(input: {
  to: string;
  language: EmailLanguage;
  name: string;
  issuer: string;
  title: string;
  product: string;
  validUntil: string | null;
  link: string;
  from: MailMessage['from'] | null;
  replyTo: MailMessage['replyTo'] | null;
}): MailMessage {
  const t = (key: string) =>
    translate(input.language, `mail.renewed.${key}`, {
      name: input.name,
      issuer: input.issuer,
      title: input.title,
      product: input.product,
      date: input.validUntil ? formatLocalDate(input.validUntil, input.language) : '',
    });
  const greeting = input.name ? t('greeting') : t('greetingNoName');
  const validity = input.validUntil ? t('validity') : '';
  const wallet = `${input.link}/wallet?lang=${encodeURIComponent(input.language)}`;
  const linkedIn = `${input.link}/linkedin?lang=${encodeURIComponent(input.language)}`;
  const paragraphs = [greeting, t('intro'), validity, t('previous')].filter((line) => line !== '');
  const text = `${paragraphs.join('\n\n')}\n\n${input.link}\n\n${t('wallet')}: ${wallet}\n${t('linkedIn')}: ${linkedIn}\n\n${t('footer')}\n`;
  const secondary = 'color:#1f5c4a';
  const html = `<!doctype html><html lang="${input.language}"><body style="font-family:Arial,sans-serif;color:#1f2937;line-height:1.5">
${paragraphs.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n')}
<p><a href="${escapeHtml(input.link)}" style="display:inline-block;padding:10px 18px;background:#1f5c4a;color:#fff;border-radius:6px;text-decoration:none">${escapeHtml(t('action'))}</a></p>
<p><a href="${escapeHtml(wallet)}" style="${secondary}">${escapeHtml(t('wallet'))}</a> · <a href="${escapeHtml(linkedIn)}" style="${secondary}">${escapeHtml(t('linkedIn'))}</a></p>
<p style="font-size:12px;color:#9ca3af;word-break:break-all">${escapeHtml(input.link)}</p>
<p style="font-size:12px;color:#6b7280">${escapeHtml(t('footer'))}</p>
</body></html>`;
  return {
    to: input.to,
    subject: t('subject'),
    text,
    html,
    ...(input.from ? { from: input.from } : {}),
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
  };
}

/**
 * One mail per replaced recipient of the campaign, queued in the caller's transaction (the follow-up job's, which
 * finishes the campaign): sent once, with the issuer's default sender. Answers how many were queued.
 */
export async function queueReplacementMails(ctx: AppContext, issuerId: number, campaignId: number): Promise<number> {
  const replacements = (await listCampaignReplacements(ctx.db, campaignId)).filter((r) => r.email !== '');
  if (replacements.length === 0) return 0;
  const templateId = replacements[0].template_id;
  const issuer = await findIssuer(ctx.db, issuerId);
  const template = await findIssuerTemplate(ctx.db, issuerId, templateId);
  if (!issuer || !template) return 0;
  const product = BRAND_NAMES[chooseBrand(new URL(ctx.config.publicUrl).hostname)];
  for (const replacement of replacements) {
    const language = mailLanguage(replacement.language, RECIPIENT_LANGUAGE);
    const settings = defaultMessage(ctx, issuer, templateId, language);
    const name = `${replacement.first_name} ${replacement.last_name}`.trim();
    const link = `${ctx.config.publicUrl}/certificate/${replacement.new_key}`;
    if (replacement.kind === 'renewal') {
      await deliverMail(
        ctx,
        renewalMail({
          to: replacement.email,
          language,
          name,
          issuer: issuer.name,
          title: certificateTitle(template, replacement.language),
          product,
          validUntil: replacement.expiration_date ? replacement.expiration_date.slice(0, 10) : null,
          link,
          from: settings.from,
          replyTo: settings.replyTo,
        }),
      );
      continue;
    }
    await deliverMail(
      ctx,
      replacementMail({
        to: replacement.email,
        language,
        name: `${replacement.first_name} ${replacement.last_name}`.trim(),
        issuer: issuer.name,
        title: certificateTitle(template, replacement.language),
        product,
        changes: changedFields(replacement.old_data, replacement.new_data),
        reason: replacement.reason,
        link: `${ctx.config.publicUrl}/certificate/${replacement.new_key}`,
        from: settings.from,
        replyTo: settings.replyTo,
      }),
    );
  }
  return replacements.length;
}

/**
 * The webhook's body: the event, the campaign, and each replacement (old key, new key, reason); for a renewal's
 * campaign, certificate.renewed with each new validity.
 */
export function replacedPayload(campaignId: number, replacements: readonly CampaignReplacement[]): string {
  if (replacements.every((r) => r.kind === 'renewal'))
    return JSON.stringify({
      event: CERTIFICATE_RENEWED_EVENT,
      campaignId,
      certificates: replacements.map((r) => ({
        oldKey: r.old_key,
        newKey: r.new_key,
        validUntil: r.expiration_date ? r.expiration_date.slice(0, 10) : null,
      })),
    });
  return JSON.stringify({
    event: CERTIFICATE_REPLACED_EVENT,
    campaignId,
    certificates: replacements.map((r) => ({ oldKey: r.old_key, newKey: r.new_key, reason: r.reason })),
  });
}

/**
 * POSTs `certificate.replaced` to the issuer's notification address (its ${campaignId} replaced by the correction's
 * campaign), signed, with the quick retries of a campaign's webhook and every attempt recorded. Nothing when the
 * issuer has no webhook or the campaign replaced nothing.
 */
export async function notifyCertificatesReplaced(
  ctx: Pick<AppContext, 'db'>,
  issuerId: number,
  campaignId: number,
  settings: WebhookSettings,
): Promise<boolean> {
  const config = await findNotificationConfig(ctx.db, issuerId);
  if (!config || config.url.trim() === '') return false;
  const replacements = await listCampaignReplacements(ctx.db, campaignId);
  if (replacements.length === 0) return false;
  const url = config.url.trim().replaceAll(CAMPAIGN_ID_PLACEHOLDER, encodeURIComponent(String(campaignId)));
  const secret = await ensureWebhookSecret(ctx.db, issuerId, newWebhookSecret());
  const result = await deliverWithRetries(
    ctx.db,
    { issuerId, campaignId },
    {
      url,
      method: 'POST',
      body: replacedPayload(campaignId, replacements),
      secret,
      deliveryId: campaignDeliveryId(
        campaignId,
        replacements.every((r) => r.kind === 'renewal') ? 'renewed' : 'replaced',
      ),
    },
    settings,
    {},
  );
  return result.ok;
}
