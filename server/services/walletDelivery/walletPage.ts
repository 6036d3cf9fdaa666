import { RECIPIENT_CODE_LENGTH } from '../../../domain/recipientCodes';
import { serverLanguage, translate } from '../../i18n';
import type { CertificateMailWallet } from '../emailing/certificateMail';
import { formatDate } from '../rendering/credentialPage';
import {
  CODE_PAGE_POLICY,
  CODE_PAGE_POLICY_HEADER,
  codeStepPieces,
  renderCodePage,
  type CodeProblem,
  type CodeSent,
  type CodeStartStep,
} from '../recipientCodes/codePage';
import { dataUri, escapeHtml } from '../rendering/html';

/** The page's policy: the code pages' (no script; its forms post to its own address). */
export const WALLET_PAGE_POLICY = CODE_PAGE_POLICY;
export const WALLET_PAGE_POLICY_HEADER = CODE_PAGE_POLICY_HEADER;

/** The wallet card's own rules, after the code pages' card. */
const WALLET_STYLES = `.wallet form{justify-items:start}
.wallet input{font:inherit;font-size:1.5rem;letter-spacing:.3em;width:min(100%,12rem);padding:8px 10px;border:1px solid var(--splitter);border-radius:8px;background:#fff;color:#111}
.wallet .qr{display:block;width:min(100%,260px);height:auto;image-rendering:pixelated;margin:4px auto}
.wallet .links{display:grid;gap:8px}
.wallet .links a{display:block;padding:10px 14px;border-radius:8px;border:1px solid var(--splitter);text-decoration:none;font-weight:600;color:var(--text-color);text-align:center}
.wallet .tx-code{font-family:monospace;font-size:1.5rem;font-weight:700;letter-spacing:.2em}
.wallet .hint{font-size:14px;opacity:.85}
`;

export type WalletPageStep =
  | CodeStartStep
  | ({
      step: 'code';
      error?: CodeProblem['error'];
      attemptsLeft?: number;
    } & CodeSent)
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
  const { base, lang, sendForm, sentNotice, problem } = codeStepPieces({ key: page.key, area: 'wallet', language, t });
  const { state } = page;
  let body: string;
  if (state.step === 'start') {
    body = `${state.error ? problem(state.error, undefined) : ''}<p>${escapeHtml(t('intro'))}</p>
<p>${escapeHtml(t('why'))}</p>
${sendForm(t('send'), false)}`;
  } else if (state.step === 'code') {
    const codeProblem = state.error ? problem(state.error, state.attemptsLeft) : '';
    body = `${sentNotice(state)}${codeProblem}
<form method="post" action="${base}/wallet/offer">${lang}
<label for="wallet-code">${escapeHtml(t('codeLabel'))}</label>
<input id="wallet-code" name="code" type="text" inputmode="numeric" autocomplete="one-time-code" pattern="[0-9]{${RECIPIENT_CODE_LENGTH}}" maxlength="${RECIPIENT_CODE_LENGTH}" required autofocus${codeProblem ? ' aria-invalid="true"' : ''}>
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
  return renderCodePage({
    card: 'wallet',
    language,
    t,
    heading: t('title'),
    certificateTitle: page.title,
    brandName: page.brandName,
    base,
    styles: WALLET_STYLES,
    body,
  });
}
