import type { TermsFacts, TermsUpdate } from './terms';

/**
 * The onboarding questionnaire of free-trial accounts (spec 000 sections 2.6, 4, 5 and 9): the six questions
 * and their choices, the state machine of the form, when it shows, and the check of the answers the server
 * stores. Each choice has a stable English value (what is sent and stored) and a translation key (what is shown).
 */

export const QUESTION_KEYS = [
  'company_industry',
  'job_role',
  'number_of_recipients_to_certify',
  'product_usage',
  'credentialing_solution_factors',
  'expected_credentialing_growth',
] as const;
export type QuestionKey = (typeof QUESTION_KEYS)[number];

export interface OnboardingChoice {
  /** short id, the last part of the translation key */
  id: string;
  /** the stable English value sent and stored */
  value: string;
  /** shown only in these languages (the register-certifier option is French only) */
  languages?: readonly string[];
  /** the student/learner role: the form ends without the terms and logs out */
  student?: boolean;
}

export interface OnboardingQuestion {
  key: QuestionKey;
  multiple: boolean;
  /** the question is addressed to the user by first name */
  byFirstName: boolean;
  /** marked required on screen (every step needs an answer anyway) */
  markedRequired: boolean;
  choices: readonly OnboardingChoice[];
}

const choice = (id: string, value: string, extra: Partial<OnboardingChoice> = {}): OnboardingChoice => ({
  id,
  value,
  ...extra,
});

const question = (
  key: QuestionKey,
  choices: OnboardingChoice[],
  { multiple = false, byFirstName = false }: { multiple?: boolean; byFirstName?: boolean } = {},
): OnboardingQuestion => ({ key, multiple, byFirstName, markedRequired: multiple, choices });

export const ONBOARDING_QUESTIONS: readonly OnboardingQuestion[] = [
  question('company_industry', [
    choice('higher_education', 'Higher education'),
    choice('training_providers', 'Training providers'),
    choice('employee_training', 'Employee training'),
    choice('awarding_bodies', 'Awarding & Testing bodies'),
    choice('product_certification', 'Product certification'),
  ]),
  question(
    'job_role',
    [
      choice('ceo', 'CEO / Founder / President / Dean'),
      choice('registrar', 'Registrar / Student Services and Experiences'),
      choice('academic', 'Academic / Program Management / Alumni Management'),
      choice('operations', 'Operations / Quality'),
      choice('it', 'IT / Digital Transformation / Innovation'),
      choice('human_resources', 'Human Resources'),
      choice('alumni', 'Alumni Management'),
      choice('marketing', 'Marketing / Communication'),
      choice('student', 'Student / Learner', { student: true }),
      choice('other', 'Other'),
    ],
    { byFirstName: true },
  ),
  question('number_of_recipients_to_certify', [
    choice('up_to_500', 'Up to 500 recipients'),
    choice('500_2000', 'Between 500 and 2000'),
    choice('2000_5000', 'Between 2000 and 5000'),
    choice('5000_8000', 'Between 5000 and 8000'),
    choice('more_than_8000', 'More than 8000'),
    choice('not_sure', 'Not sure'),
  ]),
  question(
    'product_usage',
    [
      choice('certificates', 'Certificates'),
      choice('diplomas', 'Diplomas'),
      choice('micro_credentials', 'Micro-credentials & Badges'),
      choice('learning_pathway', 'Learning Pathway'),
      choice('print_ready', 'Instant Print-Ready Certificates'),
      choice('register_certifier', 'Register certifier attachment', { languages: ['fr'] }),
    ],
    { multiple: true },
  ),
  question(
    'credentialing_solution_factors',
    [
      choice('cost', 'Cost/Price'),
      choice('ease_of_use', 'Ease of use'),
      choice('scalability', 'Scalability'),
      choice('support', 'Support & Customer Service'),
      choice('security', 'Security & Data Privacy'),
      choice('customization', 'Customization Options'),
      choice('integration', 'Integration with Other System'),
      choice('analytics', 'Analytics and Reporting'),
    ],
    { multiple: true },
  ),
  question('expected_credentialing_growth', [
    choice('significantly', 'Yes, significantly'),
    choice('moderately', 'Yes, moderately'),
    choice('no', 'No'),
    choice('not_sure', 'Not sure'),
  ]),
];

/** Six question steps, 0 to 5, then the final step 6 (spec 000 sections 4 and 9). */
export const ONBOARDING_STEP_COUNT = ONBOARDING_QUESTIONS.length;
export const FINAL_STEP = ONBOARDING_STEP_COUNT;

/** The choices shown in a language. */
export function choicesFor(question: OnboardingQuestion, language: string): OnboardingChoice[] {
  return question.choices.filter((c) => !c.languages || c.languages.includes(language));
}

/** Translation keys: onboarding.questions.<key>.title and onboarding.questions.<key>.choices.<id>. */
export function questionLabelKey(question: OnboardingQuestion): string {
  return `onboarding.questions.${question.key}.title`;
}

export function choiceLabelKey(question: OnboardingQuestion, choice: OnboardingChoice): string {
  return `onboarding.questions.${question.key}.choices.${choice.id}`;
}

/** The chosen values per question; a single question holds at most one. */
export type OnboardingAnswers = Record<QuestionKey, string[]>;

export const NO_ANSWERS: OnboardingAnswers = Object.fromEntries(QUESTION_KEYS.map((key) => [key, []])) as never;

export function isStudent(answers: OnboardingAnswers): boolean {
  const role = ONBOARDING_QUESTIONS.find((q) => q.key === 'job_role');
  const studentValues = role?.choices.filter((c) => c.student).map((c) => c.value) ?? [];
  return answers.job_role.some((value) => studentValues.includes(value));
}

export interface OnboardingState {
  step: number;
  answers: OnboardingAnswers;
  /** the final step's two checkboxes */
  ticked: { terms: boolean; notice: boolean };
}

export const INITIAL_ONBOARDING: OnboardingState = {
  step: 0,
  answers: NO_ANSWERS,
  ticked: { terms: false, notice: false },
};

export type OnboardingAction =
  | { type: 'choose'; value: string; checked: boolean }
  | { type: 'next' }
  | { type: 'back' }
  | { type: 'tick'; document: 'terms' | 'notice'; checked: boolean };

export function currentQuestion(state: OnboardingState): OnboardingQuestion | null {
  return ONBOARDING_QUESTIONS[state.step] ?? null;
}

export function isFinalStep(state: OnboardingState): boolean {
  return state.step === FINAL_STEP;
}

/** Next only below the final step and once the current step has an answer: no skipping. */
export function canGoNext(state: OnboardingState): boolean {
  const question = currentQuestion(state);
  return state.step < FINAL_STEP && question !== null && state.answers[question.key].length > 0;
}

/** Back everywhere but on the first step, and not once a student's answers are sent. */
export function canGoBack(state: OnboardingState): boolean {
  return state.step > 0 && !(isFinalStep(state) && isStudent(state.answers));
}

/** The submit button of the final step shows only when both boxes are ticked. */
export function canSubmit(state: OnboardingState): boolean {
  return isFinalStep(state) && !isStudent(state.answers) && state.ticked.terms && state.ticked.notice;
}

export function onboardingReducer(state: OnboardingState, action: OnboardingAction): OnboardingState {
  switch (action.type) {
    case 'choose': {
      const question = currentQuestion(state);
      if (!question || !question.choices.some((c) => c.value === action.value)) return state;
      const current = state.answers[question.key];
      const next = question.multiple
        ? action.checked
          ? [...current.filter((v) => v !== action.value), action.value]
          : current.filter((v) => v !== action.value)
        : action.checked
          ? [action.value]
          : current.filter((v) => v !== action.value);
      return { ...state, answers: { ...state.answers, [question.key]: next } };
    }
    case 'next':
      return canGoNext(state) ? { ...state, step: state.step + 1 } : state;
    case 'back':
      return canGoBack(state) ? { ...state, step: state.step - 1 } : state;
    case 'tick':
      return isFinalStep(state) ? { ...state, ticked: { ...state.ticked, [action.document]: action.checked } } : state;
  }
}

/** Only the acceptances the user has not yet given and has now ticked are recorded; null when none. */
export function acceptancesToRecord(user: TermsFacts, ticked: OnboardingState['ticked']): TermsUpdate | null {
  const update: TermsUpdate = {
    ...(!user.okCGU && ticked.terms ? { terms: true } : {}),
    ...(!user.okNotice && ticked.notice ? { gprd: true } : {}),
  };
  return Object.keys(update).length > 0 ? update : null;
}

/** The provider of users who sign in to the back-office of their own issuer (who answers it as `provider`). */
export const ISSUER_PROVIDER = 'issuer';

/**
 * The form shows for a free-trial account not yet onboarded, to users of the issuer-side provider type
 * (spec 000 sections 2.6 and 4). Nothing shows while the account is not loaded.
 */
export function onboardingVisible(
  user: { provider: string } | null | undefined,
  account: { plan: { contract: string }; onboarding: boolean } | null | undefined,
): boolean {
  if (!user || !account) return false;
  return account.plan.contract === 'FREE_TRIAL' && !account.onboarding && user.provider === ISSUER_PROVIDER;
}

/** What POST /api/onboarding/answers takes: the language the form was answered in and the six answers. */
export interface OnboardingSubmission {
  language: string;
  answers: OnboardingAnswers;
}

export type OnboardingAnswerError = 'unknown_question' | 'missing' | 'too_many' | 'unknown_value' | 'duplicate';

/**
 * The server's check of submitted answers (spec 000 section 5): the six known keys only, each answered, one value
 * for the single questions, only the choices offered in the submission's language, no value twice.
 */
export function validateOnboardingAnswers(
  answers: Record<string, readonly string[]>,
  language: string,
): Partial<Record<string, OnboardingAnswerError>> {
  const errors: Partial<Record<string, OnboardingAnswerError>> = {};
  for (const key of Object.keys(answers)) {
    if (!(QUESTION_KEYS as readonly string[]).includes(key)) errors[key] = 'unknown_question';
  }
  for (const question of ONBOARDING_QUESTIONS) {
    const values = answers[question.key] ?? [];
    const offered = choicesFor(question, language).map((c) => c.value);
    if (values.length === 0) errors[question.key] = 'missing';
    else if (!question.multiple && values.length > 1) errors[question.key] = 'too_many';
    else if (values.some((value) => !offered.includes(value))) errors[question.key] = 'unknown_value';
    else if (new Set(values).size !== values.length) errors[question.key] = 'duplicate';
  }
  return errors;
}
