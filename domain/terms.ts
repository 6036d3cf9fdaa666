/**
 * The terms-of-service dialog of spec 000 section 2.3: which acceptances a user still owes, when the dialog
 * shows, and where the two legal pages live (a French version and one for every other language).
 */
export interface TermsFacts {
  okCGU: boolean;
  okNotice: boolean;
}

export type LegalDocument = 'terms' | 'notice';

/** The acceptances still missing, in the order the dialog lists them. */
export function missingAcceptances(user: TermsFacts): LegalDocument[] {
  const missing: LegalDocument[] = [];
  if (!user.okCGU) missing.push('terms');
  if (!user.okNotice) missing.push('notice');
  return missing;
}

/**
 * Shown when something is not accepted, the account is loaded, and it is not a free-trial account whose
 * onboarding form is on screen (that form's last step asks for the same two acceptances).
 */
export function showTermsDialog(user: TermsFacts | null, onboardingVisible: boolean): boolean {
  if (!user) return false;
  return missingAcceptances(user).length > 0 && !onboardingVisible;
}

/** The legal pages are served with the web app (public/legal/); French has its own, other languages share English. */
export function legalPageUrl(document: LegalDocument, language: string): string {
  const name = document === 'terms' ? 'terms' : 'data-protection';
  return `/legal/${name}.${language === 'fr' ? 'fr' : 'en'}.html`;
}

/** The body of PUT /api/admin/terms: each acceptance is optional, at least one is given. */
export interface TermsUpdate {
  terms?: boolean;
  gprd?: boolean;
}
