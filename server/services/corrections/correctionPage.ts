import {
  CORRECTION_MESSAGE_MAX_LENGTH,
  CORRECTION_VALUE_MAX_LENGTH,
  type CorrectionError,
} from '../../../domain/correctionRequests';
import { RECIPIENT_CODE_LENGTH } from '../../../domain/recipientCodes';
import { safeStyle } from '../../../domain/rendering/styleSanitiser';
import { serverLanguage, translate } from '../../i18n';
import { escapeHtml, languageTag } from '../rendering/html';
import { designVariables, PAGE_STYLES } from '../rendering/pageStyles';
import { WALLET_PAGE_POLICY } from '../walletDelivery/walletPage';

/** The correction page's policy: the public pages' (no script), its forms posting to its own address. */
export const CORRECTION_PAGE_POLICY = WALLET_PAGE_POLICY;
export const CORRECTION_PAGE_POLICY_HEADER = `${CORRECTION_PAGE_POLICY}; frame-ancestors 'none'`;

const STYLES = `
.correction{background:var(--section-bg);border-radius:16px;box-shadow:0 1px 2px rgba(16,24,40,.06),0 12px 32px rgba(16,24,40,.10);padding:24px 28px;display:grid;gap:12px}
.correction h1{margin:0;font-size:1.5rem;line-height:1.25}
.correction .credential-title{margin:0;color:var(--accent);font-weight:600;overflow-wrap:anywhere}
.correction p{margin:0}
.correction form{display:grid;gap:8px}
.correction fieldset{border:1px solid var(--splitter);border-radius:10px;padding:10px 14px;display:grid;gap:8px;margin:0}
.correction legend{font-weight:600;padding:0 4px}
.correction label{font-weight:600}
.correction input,.correction textarea{font:inherit;width:100%;box-sizing:border-box;padding:8px 10px;border:1px solid var(--splitter);border-radius:8px;background:#fff;color:#111}
.correction input.code{font-size:1.5rem;letter-spacing:.3em;width:min(100%,12rem)}
.correction button{justify-self:start;font:inherit;font-weight:600;padding:10px 18px;border-radius:8px;border:1px solid var(--title-bg);background:var(--title-bg);color:var(--title-color);cursor:pointer}
.correction button.secondary{background:transparent;color:var(--text-color);border-color:var(--splitter)}
.correction button:focus-visible,.correction input:focus-visible,.correction textarea:focus-visible,.correction a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.correction .notice{padding:10px 14px;border-radius:10px;border:1px solid #9bd0ae;background:#eef8f1;color:#14532d}
.correction .error{padding:10px 14px;border-radius:10px;border:1px solid #f0b4b4;background:#fdf0f0;color:#7f1d1d}
.correction a{color:var(--accent)}
@media (max-width:520px){.correction{padding:18px 16px}}
`;

export type CorrectionPageStep =
  | { step: 'start'; error?: 'tooMany' | 'mailFailed' }
  | {
      step: 'form';
      sentTo?: string;
      validMinutes?: number;
      error?: 'wrong' | 'expired' | 'tooMany' | { invalid: CorrectionError['error'] };
      attemptsLeft?: number;
      /** the values typed, kept when the form comes back with an error */
      values?: Record<string, string>;
      message?: string;
    }
  | { step: 'done'; replacementKey: string | null };

export interface CorrectionPageView {
  key: string;
  language: string;
  title: string;
  brandName: string;
  fields: { name: string; value: string }[];
  pending: boolean;
  state: CorrectionPageStep;
}

/** The certificate's "Request a correction" page at one of its steps: ask for a code, type it with the request, done. */
export function renderCorrectionPage(page: CorrectionPageView): string {
  const language = serverLanguage(page.language);
  const t = (key: string, vars: Record<string, string> = {}) =>
    translate(language, `publicPage.correction.${key}`, vars);
  const base = `/certificate/${escapeHtml(page.key)}`;
  const lang = `<input type="hidden" name="lang" value="${escapeHtml(language)}">`;
  const sendForm = (label: string, secondary: boolean) =>
    `<form method="post" action="${base}/correction/code">${lang}<button type="submit"${secondary ? ' class="secondary"' : ''}>${escapeHtml(label)}</button></form>`;
  const error = (text: string) => `<p class="error" role="alert">${escapeHtml(text)}</p>`;
  const fieldLabel = (name: string) => (name === 'firstName' || name === 'lastName' ? t(`fields.${name}`) : name);
  const { state } = page;
  const pending = page.pending ? `<p class="notice" role="status">${escapeHtml(t('pending'))}</p>` : '';
  let body: string;
  if (state.step === 'start') {
    body = `${state.error ? error(t(state.error)) : ''}${pending}<p>${escapeHtml(t('intro'))}</p>
<p>${escapeHtml(t('why'))}</p>
${sendForm(t('send'), false)}`;
  } else if (state.step === 'form') {
    const notice = state.sentTo
      ? `<p class="notice" role="status">${escapeHtml(t('sent', { email: state.sentTo, minutes: String(state.validMinutes ?? 15) }))}</p>`
      : '';
    const problem =
      state.error === undefined
        ? ''
        : typeof state.error === 'object'
          ? error(t(`invalid.${state.error.invalid}`))
          : state.error === 'wrong'
            ? error(t('wrong', { tries: String(state.attemptsLeft ?? 0) }))
            : error(t(state.error));
    const codeProblem = state.error === 'wrong' || state.error === 'expired';
    const inputs = page.fields
      .map((field, index) => {
        const value = state.values?.[field.name] ?? field.value;
        return `<label for="field-${index}">${escapeHtml(fieldLabel(field.name))}</label>
<input id="field-${index}" name="field.${escapeHtml(field.name)}" type="text" value="${escapeHtml(value)}" maxlength="${CORRECTION_VALUE_MAX_LENGTH}" autocomplete="off">`;
      })
      .join('\n');
    body = `${notice}${problem}
<form method="post" action="${base}/correction">${lang}
<label for="correction-code">${escapeHtml(t('codeLabel'))}</label>
<input id="correction-code" class="code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{${RECIPIENT_CODE_LENGTH}}" maxlength="${RECIPIENT_CODE_LENGTH}" required${codeProblem ? ' aria-invalid="true"' : ''}>
<fieldset><legend>${escapeHtml(t('fieldsLegend'))}</legend>
${inputs}
</fieldset>
<label for="correction-message">${escapeHtml(t('messageLabel'))}</label>
<textarea id="correction-message" name="message" rows="3" maxlength="${CORRECTION_MESSAGE_MAX_LENGTH}">${escapeHtml(state.message ?? '')}</textarea>
<button type="submit">${escapeHtml(t('submit'))}</button>
</form>
${sendForm(t('resend'), true)}`;
  } else {
    body = state.replacementKey
      ? `<p class="notice" role="status">${escapeHtml(t('approvedText'))}</p>
<p><a href="/certificate/${escapeHtml(state.replacementKey)}?lang=${escapeHtml(language)}" class="corrected-link">${escapeHtml(t('approvedLink'))}</a></p>`
      : `<p class="notice" role="status">${escapeHtml(t('sentTitle'))}</p><p>${escapeHtml(t('sentText'))}</p>`;
  }
  const style = safeStyle(null);
  return `<!doctype html>
<html lang="${escapeHtml(languageTag(language))}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(CORRECTION_PAGE_POLICY)}">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(t('title'))} — ${escapeHtml(page.title)}</title>
<style>${designVariables(style)}\n${PAGE_STYLES}\n${STYLES}</style>
</head>
<body class="layout-oneCol">
<main class="page">
<section class="correction" aria-labelledby="correction-title">
<h1 id="correction-title">${escapeHtml(state.step === 'done' && !state.replacementKey ? t('sentTitle') : t('title'))}</h1>
<p class="credential-title">${escapeHtml(page.title)}</p>
${body}
<p><a href="${base}?lang=${escapeHtml(language)}">${escapeHtml(t('back'))}</a></p>
</section>
<p class="footer">${escapeHtml(translate(language, 'publicPage.footer', { brand: page.brandName }))}</p>
</main>
</body>
</html>
`;
}
