import {
  CORRECTION_MESSAGE_MAX_LENGTH,
  CORRECTION_VALUE_MAX_LENGTH,
  type CorrectionError,
} from '../../../domain/correctionRequests';
import { RECIPIENT_CODE_LENGTH } from '../../../domain/recipientCodes';
import { serverLanguage, translate } from '../../i18n';
import {
  CODE_PAGE_POLICY,
  CODE_PAGE_POLICY_HEADER,
  codeStepPieces,
  renderCodePage,
  type CodeProblem,
  type CodeSent,
  type CodeStartStep,
} from '../recipientCodes/codePage';
import { escapeHtml } from '../rendering/html';

/** The correction page's policy: the code pages' (no script, its forms posting to its own address). */
export const CORRECTION_PAGE_POLICY = CODE_PAGE_POLICY;
export const CORRECTION_PAGE_POLICY_HEADER = CODE_PAGE_POLICY_HEADER;

/** The correction card's own rules, after the code pages' card. */
const STYLES = `.correction fieldset{border:1px solid var(--splitter);border-radius:10px;padding:10px 14px;display:grid;gap:8px;margin:0}
.correction legend{font-weight:600;padding:0 4px}
.correction input,.correction textarea{font:inherit;width:100%;box-sizing:border-box;padding:8px 10px;border:1px solid var(--splitter);border-radius:8px;background:#fff;color:#111}
.correction input.code{font-size:1.5rem;letter-spacing:.3em;width:min(100%,12rem)}
`;

export type CorrectionPageStep =
  | CodeStartStep
  | ({
      step: 'form';
      error?: CodeProblem['error'] | { invalid: CorrectionError['error'] };
      attemptsLeft?: number;
      /** the values typed, kept when the form comes back with an error */
      values?: Record<string, string>;
      message?: string;
    } & CodeSent)
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
  const { base, lang, error, sendForm, sentNotice, problem } = codeStepPieces({
    key: page.key,
    area: 'correction',
    language,
    t,
  });
  const fieldLabel = (name: string) => (name === 'firstName' || name === 'lastName' ? t(`fields.${name}`) : name);
  const { state } = page;
  const pending = page.pending ? `<p class="notice" role="status">${escapeHtml(t('pending'))}</p>` : '';
  let body: string;
  if (state.step === 'start') {
    body = `${state.error ? problem(state.error, undefined) : ''}${pending}<p>${escapeHtml(t('intro'))}</p>
<p>${escapeHtml(t('why'))}</p>
${sendForm(t('send'), false)}`;
  } else if (state.step === 'form') {
    const formProblem =
      state.error === undefined
        ? ''
        : typeof state.error === 'object'
          ? error(t(`invalid.${state.error.invalid}`))
          : problem(state.error, state.attemptsLeft);
    const codeProblem = state.error === 'wrong' || state.error === 'expired';
    const inputs = page.fields
      .map((field, index) => {
        const value = state.values?.[field.name] ?? field.value;
        return `<label for="field-${index}">${escapeHtml(fieldLabel(field.name))}</label>
<input id="field-${index}" name="field.${escapeHtml(field.name)}" type="text" value="${escapeHtml(value)}" maxlength="${CORRECTION_VALUE_MAX_LENGTH}" autocomplete="off">`;
      })
      .join('\n');
    body = `${sentNotice(state)}${formProblem}
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
  return renderCodePage({
    card: 'correction',
    language,
    t,
    heading: state.step === 'done' && !state.replacementKey ? t('sentTitle') : t('title'),
    certificateTitle: page.title,
    brandName: page.brandName,
    base,
    styles: STYLES,
    body,
  });
}
