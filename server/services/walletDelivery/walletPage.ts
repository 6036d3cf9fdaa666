import { safeStyle } from '../../../domain/rendering/styleSanitiser';
import { RECIPIENT_CODE_LENGTH } from '../../../domain/recipientCodes';
import { serverLanguage, translate } from '../../i18n';
import type { CertificateMailWallet } from '../emailing/certificateMail';
import { formatDate } from '../rendering/credentialPage';
import { dataUri, escapeHtml, languageTag } from '../rendering/html';
import { designVariables, PAGE_STYLES } from '../rendering/pageStyles';

/**
 * The public pages' policy (no script, our images and data URIs only), with this page's own forms: they post to
 * the page's own address (form-action 'self'). The page runs no script: each step is a plain form.
 */
export const WALLET_PAGE_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'";
export const WALLET_PAGE_POLICY_HEADER = `${WALLET_PAGE_POLICY}; frame-ancestors 'none'`;

const WALLET_STYLES = `
.wallet{background:var(--section-bg);border-radius:16px;box-shadow:0 1px 2px rgba(16,24,40,.06),0 12px 32px rgba(16,24,40,.10);padding:24px 28px;display:grid;gap:12px}
.wallet h1{margin:0;font-size:1.5rem;line-height:1.25}
.wallet .credential-title{margin:0;color:var(--accent);font-weight:600;overflow-wrap:anywhere}
.wallet p{margin:0}
.wallet form{display:grid;gap:8px;justify-items:start}
.wallet label{font-weight:600}
.wallet input{font:inherit;font-size:1.5rem;letter-spacing:.3em;width:min(100%,12rem);padding:8px 10px;border:1px solid var(--splitter);border-radius:8px;background:#fff;color:#111}
.wallet button{font:inherit;font-weight:600;padding:10px 18px;border-radius:8px;border:1px solid var(--title-bg);background:var(--title-bg);color:var(--title-color);cursor:pointer}
.wallet button.secondary{background:transparent;color:var(--text-color);border-color:var(--splitter)}
.wallet button:focus-visible,.wallet input:focus-visible,.wallet a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.wallet .notice{padding:10px 14px;border-radius:10px;border:1px solid #9bd0ae;background:#eef8f1;color:#14532d}
.wallet .error{padding:10px 14px;border-radius:10px;border:1px solid #f0b4b4;background:#fdf0f0;color:#7f1d1d}
.wallet .qr{display:block;width:min(100%,260px);height:auto;image-rendering:pixelated;margin:4px auto}
.wallet .links{display:grid;gap:8px}
.wallet .links a{display:block;padding:10px 14px;border-radius:8px;border:1px solid var(--splitter);text-decoration:none;font-weight:600;color:var(--text-color);text-align:center}
.wallet .tx-code{font-family:monospace;font-size:1.5rem;font-weight:700;letter-spacing:.2em}
.wallet .hint{font-size:14px;opacity:.85}
.wallet a{color:var(--accent)}
@media (max-width:520px){.wallet{padding:18px 16px}}
`;

export type WalletPageStep =
  | { step: 'start'; error?: 'tooMany' | 'mailFailed' }
  | {
      step: 'code';
      sentTo?: string;
      validMinutes?: number;
      error?: 'wrong' | 'expired' | 'tooMany';
      attemptsLeft?: number;
    }
  | { step: 'offer'; offer: CertificateMailWallet };

export interface WalletPage {
  key: string;
  language: string;
  title: string;
  brandName: string;
  state: WalletPageStep;
}

/** The certificate's "Add to a wallet" page at one of its steps: ask for a code, type it, take the offer. */
export function renderWalletPage(page: WalletPage): string {
  const language = serverLanguage(page.language);
  const t = (key: string, vars: Record<string, string> = {}) => translate(language, `publicPage.wallet.${key}`, vars);
  const base = `/certificate/${escapeHtml(page.key)}`;
  const lang = `<input type="hidden" name="lang" value="${escapeHtml(language)}">`;
  const sendForm = (label: string, secondary: boolean) =>
    `<form method="post" action="${base}/wallet/code">${lang}<button type="submit"${secondary ? ' class="secondary"' : ''}>${escapeHtml(label)}</button></form>`;
  const error = (text: string) => `<p class="error" role="alert">${escapeHtml(text)}</p>`;
  const { state } = page;
  let body: string;
  if (state.step === 'start') {
    body = `${state.error ? error(t(state.error)) : ''}<p>${escapeHtml(t('intro'))}</p>
<p>${escapeHtml(t('why'))}</p>
${sendForm(t('send'), false)}`;
  } else if (state.step === 'code') {
    const notice = state.sentTo
      ? `<p class="notice" role="status">${escapeHtml(t('sent', { email: state.sentTo, minutes: String(state.validMinutes ?? 15) }))}</p>`
      : '';
    const problem =
      state.error === 'wrong'
        ? error(t('wrong', { tries: String(state.attemptsLeft ?? 0) }))
        : state.error
          ? error(t(state.error))
          : '';
    body = `${notice}${problem}
<form method="post" action="${base}/wallet/offer">${lang}
<label for="wallet-code">${escapeHtml(t('codeLabel'))}</label>
<input id="wallet-code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{${RECIPIENT_CODE_LENGTH}}" maxlength="${RECIPIENT_CODE_LENGTH}" required autofocus${problem ? ' aria-invalid="true"' : ''}>
<button type="submit">${escapeHtml(t('submit'))}</button>
</form>
${sendForm(t('resend'), true)}`;
  } else {
    const { offer } = state;
    const txCode = offer.txCode
      ? `<p>${escapeHtml(t('txCode'))} <span class="tx-code">${escapeHtml(offer.txCode)}</span></p>`
      : '';
    body = `<p>${escapeHtml(t('scan'))}</p>
<img class="qr" src="${dataUri('image/png', offer.qrPng)}" alt="${escapeHtml(t('qrAlt'))}">
<p class="hint">${escapeHtml(t('openId'))}</p>
<div class="links"><a href="${escapeHtml(offer.offerUri)}" class="offer-link">${escapeHtml(t('openIdLink'))}</a><a href="${escapeHtml(offer.lcwUri)}" class="lcw-link">${escapeHtml(t('lcwLink'))}</a></div>
${txCode}<p class="hint">${escapeHtml(t('expiry', { date: formatDate(offer.expiresAt.slice(0, 10), language) }))}</p>`;
  }
  const style = safeStyle(null);
  return `<!doctype html>
<html lang="${escapeHtml(languageTag(language))}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(WALLET_PAGE_POLICY)}">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(t('title'))} — ${escapeHtml(page.title)}</title>
<style>${designVariables(style)}\n${PAGE_STYLES}\n${WALLET_STYLES}</style>
</head>
<body class="layout-oneCol">
<main class="page">
<section class="wallet" aria-labelledby="wallet-title">
<h1 id="wallet-title">${escapeHtml(t('title'))}</h1>
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
