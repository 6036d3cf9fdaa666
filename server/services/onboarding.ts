import type { Kysely } from 'kysely';
import type { Account } from '../../domain/account';
import { QUESTION_KEYS, validateOnboardingAnswers, type OnboardingAnswers } from '../../domain/onboarding';
import type { SessionAuth } from '../auth/guard';
import type { Database } from '../db/schema';
import { AppError, badRequest } from '../errors';
import type { ParsedIssuer } from '../repositories/issuerRows';
import { findIssuer, replaceIssuerParamsIfUnchanged } from '../repositories/issuers';
import { insertOnboardingAnswers } from '../repositories/onboarding';
import { readAccount } from './account';

const notOffered = () =>
  new AppError(409, 'ONBOARDING_NOT_OFFERED', 'The onboarding questionnaire is for free-trial accounts only');
const alreadyOnboarded = () => new AppError(409, 'ALREADY_ONBOARDED', 'This account has already been onboarded');

const isOnboarded = (issuer: ParsedIssuer) => issuer.parsed.params.onboarded === true;

/**
 * Stores the questionnaire's answers of a signed-in user of a free-trial account not yet onboarded, after the
 * check the form itself applies (domain/onboarding.ts).
 */
export async function recordOnboardingAnswers(
  db: Kysely<Database>,
  auth: SessionAuth,
  submission: { language: string; answers: Record<string, string | string[]> },
): Promise<{ id: number }> {
  if (auth.issuer.plan !== 'FREE_TRIAL') throw notOffered();
  if (isOnboarded(auth.issuer)) throw alreadyOnboarded();
  const answers = Object.fromEntries(
    Object.entries(submission.answers).map(([key, value]) => [key, Array.isArray(value) ? value : [value]]),
  );
  const errors = validateOnboardingAnswers(answers, submission.language);
  if (Object.keys(errors).length > 0) {
    throw badRequest('VALIDATION_ERROR', 'The answers are not valid', { fields: errors });
  }
  const stored = Object.fromEntries(QUESTION_KEYS.map((key) => [key, answers[key]])) as OnboardingAnswers;
  const id = await insertOnboardingAnswers(db, {
    issuerId: auth.issuer.id,
    userId: auth.user.id,
    language: submission.language,
    answers: stored,
  });
  return { id };
}

/**
 * Marks a free-trial account onboarded (the issuer param `onboarded`), so that the account call answers
 * onboarding true and the questionnaire no longer shows. Repeating it changes nothing.
 */
export async function onboardAccount(db: Kysely<Database>, auth: SessionAuth): Promise<Account> {
  if (auth.issuer.plan !== 'FREE_TRIAL') throw notOffered();
  // another param may change meanwhile: write only over the params just read, and read again when they moved
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const issuer = await findIssuer(db, auth.issuer.id);
    if (!issuer) throw notOffered();
    if (isOnboarded(issuer)) return readAccount(db, issuer);
    const params = { ...issuer.parsed.params, onboarded: true };
    const next = JSON.stringify(params);
    if (await replaceIssuerParamsIfUnchanged(db, issuer.id, issuer.params, next)) {
      return readAccount(db, { ...issuer, params: next, parsed: { ...issuer.parsed, params } });
    }
  }
  throw new AppError(409, 'CONCURRENT_CHANGE', 'The account changed meanwhile; try again');
}
