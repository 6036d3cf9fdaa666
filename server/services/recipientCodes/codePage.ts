import { safeStyle } from '../../../domain/rendering/styleSanitiser';
import type { Language } from '../../../domain/language';
import { translate } from '../../i18n';
import { escapeHtml, languageTag } from '../rendering/html';
import { designVariables, PAGE_STYLES } from '../rendering/pageStyles';

/**
 * The pages a recipient reaches from a certificate's public page and passes with a code mailed to the certificate's
 * address ("Add to a wallet", "Request a correction"): their policy, their card's look, their shell and the pieces of
 * their code steps. Each page keeps its own words (`publicPage.<area>.*`) and its own steps.
 */

/**
 * The public pages' policy (no script, our images and data URIs only), with these pages' own forms: they post to
 * the page's own address (form-action 'self'). The pages run no script: each step is a plain form.
 */
export const CODE_PAGE_POLICY =
  "default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'; base-uri 'none'; form-action 'self'";
export const CODE_PAGE_POLICY_HEADER = `${CODE_PAGE_POLICY}; frame-ancestors 'none'`;

/** The card every code page shows (its class names the page, e.g. `.wallet`); the page adds its own rules after. */
function cardStyles(card: string): string {
  return `
.${card}{background:var(--section-bg);border-radius:16px;box-shadow:0 1px 2px rgba(16,24,40,.06),0 12px 32px rgba(16,24,40,.10);padding:24px 28px;display:grid;gap:12px}
.${card} h1{margin:0;font-size:1.5rem;line-height:1.25}
.${card} .credential-title{margin:0;color:var(--accent);font-weight:600;overflow-wrap:anywhere}
.${card} p{margin:0}
.${card} form{display:grid;gap:8px}
.${card} label{font-weight:600}
.${card} button{justify-self:start;font:inherit;font-weight:600;padding:10px 18px;border-radius:8px;border:1px solid var(--title-bg);background:var(--title-bg);color:var(--title-color);cursor:pointer}
.${card} button.secondary{background:transparent;color:var(--text-color);border-color:var(--splitter)}
.${card} button:focus-visible,.${card} input:focus-visible,.${card} textarea:focus-visible,.${card} a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
.${card} .notice{padding:10px 14px;border-radius:10px;border:1px solid #9bd0ae;background:#eef8f1;color:#14532d}
.${card} .error{padding:10px 14px;border-radius:10px;border:1px solid #f0b4b4;background:#fdf0f0;color:#7f1d1d}
.${card} a{color:var(--accent)}
@media (max-width:520px){.${card}{padding:18px 16px}}
`;
}

/** The mistakes of a code step: a wrong code (with the tries left), a used or expired one, too many tries or codes. */
export type CodeProblem = { error: 'wrong'; attemptsLeft: number } | { error: 'expired' } | { error: 'tooMany' };

/** Every code page's first step: it offers to mail a code, again after too many codes or a mail that did not leave. */
export type CodeStartStep = { step: 'start'; error?: 'tooMany' | 'mailFailed' };

/** What the page's code step says once a code left: where it went (masked) and for how long it works. */
export interface CodeSent {
  sentTo?: string;
  validMinutes?: number;
}

/** A page's words: `publicPage.<area>.<key>` in its language. */
export type PageWords = (key: string, vars?: Record<string, string>) => string;

/**
 * The pieces of a code page's steps, posting to `/certificate/<key>/<area>/...`: the hidden language, the form that
 * mails a (new) code, an error, the "code sent" notice and the message of a code's mistake.
 */
export function codeStepPieces(options: { key: string; area: string; language: string; t: PageWords }) {
  const { t } = options;
  const base = `/certificate/${escapeHtml(options.key)}`;
  const lang = `<input type="hidden" name="lang" value="${escapeHtml(options.language)}">`;
  const error = (text: string) => `<p class="error" role="alert">${escapeHtml(text)}</p>`;
  return {
    base,
    lang,
    error,
    sendForm: (label: string, secondary: boolean) =>
      `<form method="post" action="${base}/${options.area}/code">${lang}<button type="submit"${secondary ? ' class="secondary"' : ''}>${escapeHtml(label)}</button></form>`,
    sentNotice: (sent: CodeSent) =>
      sent.sentTo
        ? `<p class="notice" role="status">${escapeHtml(t('sent', { email: sent.sentTo, minutes: String(sent.validMinutes ?? 15) }))}</p>`
        : '',
    /** A code's mistake, or any other of the page's errors by its word (`tooMany`, `mailFailed`...). */
    problem: (error_: string, attemptsLeft: number | undefined) =>
      error_ === 'wrong' ? error(t('wrong', { tries: String(attemptsLeft ?? 0) })) : error(t(error_)),
  };
}

/** A code page: the card (heading, the certificate's title, the step, the way back) in the public pages' frame. */
export function renderCodePage(page: {
  card: string;
  language: Language;
  t: PageWords;
  heading: string;
  certificateTitle: string;
  brandName: string;
  base: string;
  styles: string;
  body: string;
}): string {
  const { card, language, t } = page;
  const style = safeStyle(null);
  return `<!doctype html>
<html lang="${escapeHtml(languageTag(language))}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(CODE_PAGE_POLICY)}">
<meta name="referrer" content="no-referrer">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(t('title'))} — ${escapeHtml(page.certificateTitle)}</title>
<style>${designVariables(style)}\n${PAGE_STYLES}\n${cardStyles(card)}${page.styles}</style>
</head>
<body class="layout-oneCol">
<main class="page">
<section class="${card}" aria-labelledby="${card}-title">
<h1 id="${card}-title">${escapeHtml(page.heading)}</h1>
<p class="credential-title">${escapeHtml(page.certificateTitle)}</p>
${page.body}
<p><a href="${page.base}?lang=${escapeHtml(language)}">${escapeHtml(t('back'))}</a></p>
</section>
<p class="footer">${escapeHtml(translate(language, 'publicPage.footer', { brand: page.brandName }))}</p>
</main>
</body>
</html>
`;
}
