import { describe, expect, it } from 'vitest';
import {
  acceptancesToRecord,
  canGoBack,
  canGoNext,
  canSubmit,
  choicesFor,
  FINAL_STEP,
  INITIAL_ONBOARDING,
  isStudent,
  ONBOARDING_QUESTIONS,
  ONBOARDING_STEP_COUNT,
  onboardingReducer,
  onboardingVisible,
  validateOnboardingAnswers,
  type OnboardingAction,
  type OnboardingState,
} from './onboarding';

const run = (actions: OnboardingAction[], from: OnboardingState = INITIAL_ONBOARDING) =>
  actions.reduce(onboardingReducer, from);

/** Answers every step with its first choice (or the given role) and moves to the final step. */
function answerAll(role = 'Other'): OnboardingState {
  let state = INITIAL_ONBOARDING;
  for (const question of ONBOARDING_QUESTIONS) {
    const value = question.key === 'job_role' ? role : question.choices[0].value;
    state = run([{ type: 'choose', value, checked: true }, { type: 'next' }], state);
  }
  return state;
}

const fullAnswers = (overrides: Record<string, string[]> = {}) => ({
  company_industry: ['Higher education'],
  job_role: ['Other'],
  number_of_recipients_to_certify: ['Up to 500 recipients'],
  product_usage: ['Certificates', 'Diplomas'],
  credentialing_solution_factors: ['Cost/Price'],
  expected_credentialing_growth: ['No'],
  ...overrides,
});

describe('onboarding questions', () => {
  it('has six steps with the keys, kinds and choices of the spec', () => {
    expect(ONBOARDING_STEP_COUNT).toBe(6);
    expect(FINAL_STEP).toBe(6);
    expect(ONBOARDING_QUESTIONS.map((q) => [q.key, q.multiple])).toEqual([
      ['company_industry', false],
      ['job_role', false],
      ['number_of_recipients_to_certify', false],
      ['product_usage', true],
      ['credentialing_solution_factors', true],
      ['expected_credentialing_growth', false],
    ]);
    expect(ONBOARDING_QUESTIONS.map((q) => q.choices.length)).toEqual([5, 10, 6, 6, 8, 4]);
    expect(ONBOARDING_QUESTIONS.filter((q) => q.byFirstName).map((q) => q.key)).toEqual(['job_role']);
    expect(ONBOARDING_QUESTIONS.filter((q) => q.markedRequired).map((q) => q.key)).toEqual([
      'product_usage',
      'credentialing_solution_factors',
    ]);
  });

  it('offers the register-certifier option in French only', () => {
    const usage = ONBOARDING_QUESTIONS[3];
    expect(choicesFor(usage, 'fr').map((c) => c.id)).toContain('register_certifier');
    expect(choicesFor(usage, 'en').map((c) => c.id)).not.toContain('register_certifier');
    expect(choicesFor(usage, 'es')).toHaveLength(5);
  });

  it('recognises the student/learner role only', () => {
    expect(isStudent(answerAll('Student / Learner').answers)).toBe(true);
    expect(isStudent(answerAll('Human Resources').answers)).toBe(false);
  });
});

describe('onboarding state machine', () => {
  it('disables next without an answer and back on the first step', () => {
    expect(canGoNext(INITIAL_ONBOARDING)).toBe(false);
    expect(canGoBack(INITIAL_ONBOARDING)).toBe(false);
    expect(run([{ type: 'next' }])).toBe(INITIAL_ONBOARDING);
    const answered = run([{ type: 'choose', value: 'Higher education', checked: true }]);
    expect(canGoNext(answered)).toBe(true);
    const second = run([{ type: 'next' }], answered);
    expect(second.step).toBe(1);
    expect(canGoNext(second)).toBe(false);
    expect(run([{ type: 'back' }], second).step).toBe(0);
  });

  it('keeps one value for single questions and toggles values for multiple ones', () => {
    const single = run([
      { type: 'choose', value: 'Higher education', checked: true },
      { type: 'choose', value: 'Employee training', checked: true },
    ]);
    expect(single.answers.company_industry).toEqual(['Employee training']);
    const atUsage = { ...answerAll(), step: 3 };
    const usage = run(
      [
        { type: 'choose', value: 'Diplomas', checked: true },
        { type: 'choose', value: 'Learning Pathway', checked: true },
        { type: 'choose', value: 'Certificates', checked: false },
      ],
      atUsage,
    );
    expect(usage.answers.product_usage).toEqual(['Diplomas', 'Learning Pathway']);
    expect(run([{ type: 'choose', value: 'Not a choice', checked: true }], usage)).toBe(usage);
  });

  it('stops at the final step, where the submit needs both boxes', () => {
    const final = answerAll();
    expect(final.step).toBe(FINAL_STEP);
    expect(canGoNext(final)).toBe(false);
    expect(run([{ type: 'next' }], final).step).toBe(FINAL_STEP);
    expect(canGoBack(final)).toBe(true);
    expect(canSubmit(final)).toBe(false);
    const one = run([{ type: 'tick', document: 'terms', checked: true }], final);
    expect(canSubmit(one)).toBe(false);
    expect(canSubmit(run([{ type: 'tick', document: 'notice', checked: true }], one))).toBe(true);
  });

  it('gives a student no way back and no checkboxes', () => {
    const final = answerAll('Student / Learner');
    expect(canGoBack(final)).toBe(false);
    const ticked = run(
      [
        { type: 'tick', document: 'terms', checked: true },
        { type: 'tick', document: 'notice', checked: true },
      ],
      final,
    );
    expect(canSubmit(ticked)).toBe(false);
  });

  it('records only the acceptances not yet given and now ticked', () => {
    const both = { terms: true, notice: true };
    expect(acceptancesToRecord({ okCGU: false, okNotice: false }, both)).toEqual({ terms: true, gprd: true });
    expect(acceptancesToRecord({ okCGU: true, okNotice: false }, both)).toEqual({ gprd: true });
    expect(acceptancesToRecord({ okCGU: true, okNotice: true }, both)).toBeNull();
    expect(acceptancesToRecord({ okCGU: false, okNotice: false }, { terms: false, notice: true })).toEqual({
      gprd: true,
    });
  });
});

describe('onboarding visibility', () => {
  const account = (contract: string, onboarding: boolean) => ({ plan: { contract }, onboarding });
  it('shows for issuer-side users of a free-trial account not yet onboarded', () => {
    expect(onboardingVisible({ provider: 'issuer' }, account('FREE_TRIAL', false))).toBe(true);
    expect(onboardingVisible({ provider: 'issuer' }, account('FREE_TRIAL', true))).toBe(false);
    expect(onboardingVisible({ provider: 'issuer' }, account('ESSENTIALS_PACK', false))).toBe(false);
    expect(onboardingVisible({ provider: 'learner' }, account('FREE_TRIAL', false))).toBe(false);
    expect(onboardingVisible({ provider: 'issuer' }, null)).toBe(false);
    expect(onboardingVisible(undefined, account('FREE_TRIAL', false))).toBe(false);
  });
});

describe('onboarding answers check', () => {
  it('accepts complete answers with several values for the multiple questions', () => {
    expect(validateOnboardingAnswers(fullAnswers(), 'en')).toEqual({});
    expect(validateOnboardingAnswers(fullAnswers({ product_usage: ['Register certifier attachment'] }), 'fr')).toEqual(
      {},
    );
  });

  it('refuses unknown keys and values, missing answers and several values for a single question', () => {
    expect(validateOnboardingAnswers({ ...fullAnswers(), favourite_colour: ['blue'] }, 'en')).toEqual({
      favourite_colour: 'unknown_question',
    });
    expect(validateOnboardingAnswers(fullAnswers({ job_role: ['Astronaut'] }), 'en')).toEqual({
      job_role: 'unknown_value',
    });
    expect(validateOnboardingAnswers(fullAnswers({ product_usage: [] }), 'en')).toEqual({ product_usage: 'missing' });
    expect(validateOnboardingAnswers(fullAnswers({ company_industry: ['Higher education', 'Other'] }), 'en')).toEqual({
      company_industry: 'too_many',
    });
    expect(validateOnboardingAnswers(fullAnswers({ product_usage: ['Diplomas', 'Diplomas'] }), 'en')).toEqual({
      product_usage: 'duplicate',
    });
    expect(validateOnboardingAnswers(fullAnswers({ product_usage: ['Register certifier attachment'] }), 'en')).toEqual({
      product_usage: 'unknown_value',
    });
  });
});
