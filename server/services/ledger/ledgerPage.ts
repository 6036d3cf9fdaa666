import { safeStyle } from '../../../domain/rendering/styleSanitiser';
import { serverLanguage, translate } from '../../i18n';
import { PAGE_POLICY } from '../rendering/credentialPage';
import { escapeHtml, languageTag } from '../rendering/html';
import { designVariables, PAGE_STYLES } from '../rendering/pageStyles';
import type { BatchProof } from './transparencyLog';

const LEDGER_STYLES = `
.ledger h1{font-size:22px;margin:0}.ledger h2{font-size:17px;margin:8px 0 4px}
.ledger section{background:#fff;border:1px solid #e3e6ea;border-radius:10px;padding:12px 16px}
.ledger dl{display:grid;grid-template-columns:minmax(140px,max-content) 1fr;gap:4px 16px;margin:0}
.ledger dt{font-weight:600}.ledger dd{margin:0;min-width:0}
.ledger code,.ledger pre{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;overflow-wrap:anywhere;word-break:break-all}
.ledger pre{white-space:pre-wrap;background:#f6f7f9;padding:8px;border-radius:6px;margin:0}
.ledger ol{margin:4px 0 0;padding-left:24px}.ledger p{margin:4px 0}
`;

/**
 * The public page of a batch of an issuer's transparency log: its signed tree head, the consistency proof with the
 * previous head and, for the leaf asked for, its inclusion proof and where to fetch its data. No script: the
 * same policy as the certificate pages; every text from the locale files.
 */
export function renderLedgerPage(proof: BatchProof, language: string, jsonHref: string, brandName: string): string {
  const lang = serverLanguage(language);
  const t = (key: string, vars: Record<string, string> = {}) => translate(lang, `ledgerPage.${key}`, vars);
  const code = (value: string) => `<code>${escapeHtml(value)}</code>`;
  const row = (label: string, value: string) => `<dt>${escapeHtml(label)}</dt><dd>${value}</dd>`;
  const hashList = (hashes: string[], empty: string) =>
    hashes.length === 0
      ? `<p>${escapeHtml(empty)}</p>`
      : `<ol start="1">${hashes.map((hash) => `<li>${code(hash)}</li>`).join('')}</ol>`;
  const { head, batch, consistency, leaf } = proof;
  const sections = [
    `<section aria-labelledby="head"><h2 id="head">${escapeHtml(t('head'))}</h2><dl>` +
      row(t('treeSize'), escapeHtml(String(head.treeSize))) +
      row(t('rootHash'), code(head.rootHash)) +
      row(t('previousHead'), head.previousHeadHash ? code(head.previousHeadHash) : escapeHtml(t('none'))) +
      row(t('headHash'), code(head.headHash)) +
      row(t('signedAt'), escapeHtml(head.timestamp)) +
      row(t('key'), code(head.keyId)) +
      row(t('signature'), code(head.signature)) +
      `</dl><h2>${escapeHtml(t('statement'))}</h2><pre>${escapeHtml(head.statement)}</pre>` +
      `<p>${escapeHtml(t('batch', { first: String(batch.firstIndex), last: String(batch.lastIndex) }))}</p></section>`,
  ];
  if (leaf) {
    const links = leaf.certificateKey
      ? row(
          t('certificate'),
          `<a href="/certificate/${escapeHtml(leaf.certificateKey)}">${escapeHtml(t('open'))}</a>`,
        ) +
        row(
          t('credential'),
          `<a href="/ob/credentials/${escapeHtml(leaf.certificateKey)}">/ob/credentials/${escapeHtml(leaf.certificateKey.slice(0, 16))}…</a>`,
        )
      : '';
    sections.push(
      `<section aria-labelledby="leaf"><h2 id="leaf">${escapeHtml(t('leaf'))}</h2><dl>` +
        row(t('leafIndex'), escapeHtml(String(leaf.index))) +
        row(t('leafHash'), code(leaf.hash)) +
        links +
        (leaf.claim
          ? row(t('owner'), code(leaf.claim.owner)) +
            row(t('claimedAt'), escapeHtml(leaf.claim.claimedAt)) +
            row(t('claimSignature'), code(leaf.claim.signature))
          : '') +
        `</dl>` +
        (leaf.claim
          ? `<h2>${escapeHtml(t('claimMessage'))}</h2><pre>${escapeHtml(leaf.claim.message)}</pre><p>${escapeHtml(t('claimHowTo'))}</p>`
          : '') +
        `<h2>${escapeHtml(t('auditPath'))}</h2>${hashList(leaf.auditPath, t('emptyPath'))}` +
        `<p>${escapeHtml(t('howTo'))}</p></section>`,
    );
  }
  if (consistency) {
    sections.push(
      `<section aria-labelledby="consistency"><h2 id="consistency">${escapeHtml(t('consistency', { size: String(consistency.fromSize) }))}</h2><dl>` +
        row(t('rootHash'), code(consistency.fromRoot)) +
        `</dl>${hashList(consistency.proof, t('emptyPath'))}</section>`,
    );
  }
  const title = t('title', { size: String(head.treeSize) });
  const body =
    `<main class="page ledger">\n<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(t('intro'))}</p>\n` +
    `${sections.join('\n')}\n<p><a href="${escapeHtml(jsonHref)}">${escapeHtml(t('json'))}</a></p>\n` +
    `<p class="footer">${escapeHtml(translate(lang, 'publicPage.footer', { brand: brandName }))}</p>\n</main>`;
  return `<!doctype html>
<html lang="${escapeHtml(languageTag(lang))}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="${escapeHtml(PAGE_POLICY)}">
<meta name="referrer" content="same-origin">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)}</title>
<style>${designVariables(safeStyle(null))}\n${PAGE_STYLES}\n${LEDGER_STYLES}</style>
</head>
<body class="layout-oneCol">
${body}
</body>
</html>`;
}
