import BusinessIcon from '@mui/icons-material/BusinessOutlined';
import CelebrationIcon from '@mui/icons-material/CelebrationOutlined';
import GroupsIcon from '@mui/icons-material/GroupsOutlined';
import PersonIcon from '@mui/icons-material/BadgeOutlined';
import TrendingUpIcon from '@mui/icons-material/TrendingUp';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Dialog,
  FormControlLabel,
  FormGroup,
  LinearProgress,
  Link,
  Radio,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useLocaleState, useLogout, useNotify, useRemoveFromStore, useStore, useTranslate } from 'react-admin';
import type { CurrentUser } from '../../../domain/auth';
import { SUPPORTED_LANGUAGES } from '../../../domain/language';
import {
  acceptancesToRecord,
  canGoBack,
  canGoNext,
  canSubmit,
  choiceLabelKey,
  choicesFor,
  currentQuestion,
  INITIAL_ONBOARDING,
  isFinalStep,
  isStudent,
  ONBOARDING_STEP_COUNT,
  onboardingReducer,
  questionLabelKey,
  type OnboardingAction,
  type OnboardingAnswers,
  type OnboardingQuestion,
  type OnboardingState,
} from '../../../domain/onboarding';
import { legalPageUrl, type LegalDocument } from '../../../domain/terms';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { LANGUAGE_NAMES } from '../../i18n/i18nProvider';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { useBrand } from '../../components/brand/BrandContext';
import { useOnboarding } from './OnboardingContext';

/** One illustration per question, then the thank-you. */
const ILLUSTRATIONS: ReactNode[] = [
  <BusinessIcon key="industry" />,
  <PersonIcon key="role" />,
  <GroupsIcon key="recipients" />,
  <WorkspacePremiumIcon key="usage" />,
  <TuneIcon key="factors" />,
  <TrendingUpIcon key="growth" />,
  <CelebrationIcon key="thanks" />,
];

/** The answers as POST /api/onboarding/answers takes them: one value for a single question, a list otherwise. */
function answersBody(answers: OnboardingAnswers, language: string) {
  return {
    language,
    answers: Object.fromEntries(
      Object.entries(answers).map(([key, values]) => [
        key,
        key === 'product_usage' || key === 'credentialing_solution_factors' ? values : values[0],
      ]),
    ),
  };
}

/**
 * The onboarding questionnaire of free-trial accounts (spec 000 sections 2.6 and 4): six questions, one per step,
 * then a thank-you step that records the terms and onboards the account, or, for a student, signs out.
 */
export function OnboardingDialog() {
  const { visible } = useOnboarding();
  const { user } = useCurrentUser();
  if (!visible || !user) return null;
  return <Questionnaire user={user} />;
}

function Questionnaire({ user }: { user: CurrentUser }) {
  const translate = useTranslate();
  const dataProvider = useLaurelDataProvider();
  const notify = useNotify();
  const logout = useLogout();
  const brand = useBrand();
  const [locale, setLocale] = useLocaleState();
  const { onboarded } = useOnboarding();
  const { refresh } = useCurrentUser();
  // in the store: changing the language re-mounts the tree, and a reload resumes where the user was
  const storeKey = `onboarding.form.${user.id}`;
  const [state, setState] = useStore<OnboardingState>(storeKey, INITIAL_ONBOARDING);
  const removeFromStore = useRemoveFromStore();
  const dispatch = (action: OnboardingAction) => setState((current) => onboardingReducer(current, action));
  const [saving, setSaving] = useState(false);
  const [failed, setFailed] = useState(false);
  const answersSent = useRef(false);
  const final = isFinalStep(state);
  const student = isStudent(state.answers);
  const question = currentQuestion(state);

  /** Sends the answers once; a failure is reported and the flow goes on (spec 000 section 4). */
  const sendAnswers = async () => {
    if (answersSent.current) return;
    answersSent.current = true;
    try {
      await dataProvider.saveOnboardingAnswers(answersBody(state.answers, locale));
    } catch {
      notify('onboarding.submit_failed', { type: 'error' });
    }
  };

  const onboard = () => dataProvider.markOnboarded(user.issuerId);

  // a student's answers go as soon as the last step is reached
  useEffect(() => {
    if (final && student) void sendAnswers();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [final, student]);

  const finish = async () => {
    setSaving(true);
    setFailed(false);
    try {
      if (student) {
        await onboard();
        await logout();
        return;
      }
      await sendAnswers();
      const acceptances = acceptancesToRecord(user, state.ticked);
      if (acceptances) await dataProvider.acceptTerms(acceptances);
      const account = await onboard();
      await refresh();
      removeFromStore(storeKey);
      onboarded(account);
    } catch {
      setFailed(true);
      setSaving(false);
    }
  };

  return (
    <Dialog
      open
      fullWidth
      maxWidth="md"
      disableEscapeKeyDown
      aria-labelledby="onboarding-title"
      slotProps={{ paper: { sx: { minHeight: { md: 600 }, overflow: 'hidden' } } }}
    >
      <Box sx={{ display: 'flex', flexGrow: 1, minHeight: { md: 600 } }}>
        <Box
          aria-hidden
          sx={{
            display: { xs: 'none', md: 'flex' },
            flexDirection: 'column',
            justifyContent: 'space-between',
            width: 260,
            flexShrink: 0,
            p: 4,
            bgcolor: 'primary.main',
            color: 'primary.contrastText',
          }}
        >
          <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
            {translate('onboarding.welcome', { product: brand.name })}
          </Typography>
          <Box
            sx={{
              alignSelf: 'center',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
              width: 148,
              height: 148,
              borderRadius: '50%',
              bgcolor: 'rgba(255,255,255,0.14)',
              '& svg': { fontSize: 84 },
            }}
          >
            {ILLUSTRATIONS[state.step]}
          </Box>
          <Typography variant="body2" sx={{ opacity: 0.85 }}>
            {translate('onboarding.intro')}
          </Typography>
        </Box>
        <Box sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', p: { xs: 3, md: 4 }, minWidth: 0 }}>
          {!final && <StepHeader step={state.step} locale={locale} onLocale={setLocale} />}
          <Box sx={{ flexGrow: 1, mt: final ? 0 : 3 }}>
            {question ? (
              <QuestionStep
                question={question}
                state={state}
                locale={locale}
                firstName={user.firstName}
                product={brand.name}
                onChoose={(value, checked) => dispatch({ type: 'choose', value, checked })}
              />
            ) : (
              <FinalStep
                firstName={user.firstName}
                student={student}
                ticked={state.ticked}
                locale={locale}
                onTick={(document, checked) => dispatch({ type: 'tick', document, checked })}
              />
            )}
            {failed && (
              <Alert severity="error" sx={{ mt: 2 }}>
                {translate('onboarding.final.failed')}
              </Alert>
            )}
          </Box>
          <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 3 }}>
            <Button
              variant="text"
              disabled={!canGoBack(state) || saving}
              onClick={() => dispatch({ type: 'back' })}
              sx={{ visibility: final && student ? 'hidden' : 'visible' }}
            >
              {translate('onboarding.back')}
            </Button>
            {!final && (
              <Button variant="contained" disabled={!canGoNext(state)} onClick={() => dispatch({ type: 'next' })}>
                {translate('onboarding.next')}
              </Button>
            )}
            {final && (student || canSubmit(state)) && (
              <Button variant="contained" disabled={saving} onClick={() => void finish()}>
                {translate(
                  saving
                    ? 'onboarding.final.saving'
                    : student
                      ? 'onboarding.final.student_button'
                      : 'onboarding.final.submit',
                  { product: brand.name },
                )}
              </Button>
            )}
          </Box>
        </Box>
      </Box>
    </Dialog>
  );
}

function StepHeader({ step, locale, onLocale }: { step: number; locale: string; onLocale: (l: string) => void }) {
  const translate = useTranslate();
  const label = translate('onboarding.step', { step: step + 1, total: ONBOARDING_STEP_COUNT });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 3 }}>
      <Box sx={{ flexGrow: 1 }}>
        <Typography variant="body2" color="text.secondary" id="onboarding-progress" sx={{ mb: 0.75 }}>
          {label}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={((step + 1) * 100) / ONBOARDING_STEP_COUNT}
          aria-labelledby="onboarding-progress"
          sx={{ height: 6, borderRadius: 3 }}
        />
      </Box>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={locale}
        onChange={(_, language: string | null) => language && onLocale(language)}
        aria-label={translate('onboarding.language')}
      >
        {SUPPORTED_LANGUAGES.map((language) => (
          <ToggleButton
            key={language}
            value={language}
            lang={language}
            // the name starts with the code the button shows (WCAG 2.5.3, label in name), then says it in full
            aria-label={`${language.toUpperCase()} (${LANGUAGE_NAMES[language]})`}
            sx={{ px: 1.25, py: 0.25 }}
          >
            {language.toUpperCase()}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

function QuestionStep({
  question,
  state,
  locale,
  firstName,
  product,
  onChoose,
}: {
  question: OnboardingQuestion;
  state: OnboardingState;
  locale: string;
  firstName: string;
  product: string;
  onChoose: (value: string, checked: boolean) => void;
}) {
  const translate = useTranslate();
  const chosen = state.answers[question.key];
  const title =
    question.byFirstName && !firstName
      ? translate(`onboarding.questions.${question.key}.title_no_name`)
      : translate(questionLabelKey(question), { firstName, product });
  const Control = question.multiple ? Checkbox : Radio;
  return (
    <Box component="fieldset" sx={{ border: 0, m: 0, p: 0 }}>
      <Typography id="onboarding-title" variant="h5" component="legend" sx={{ fontWeight: 600, mb: 0.5, p: 0 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {translate(question.multiple ? 'onboarding.select_many' : 'onboarding.select_one')}
        {question.markedRequired && (
          <Box component="span" sx={{ color: 'error.main', ml: 0.5 }}>
            ({translate('onboarding.required')})
          </Box>
        )}
      </Typography>
      <FormGroup
        role={question.multiple ? 'group' : 'radiogroup'}
        aria-labelledby="onboarding-title"
        sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 1 }}
      >
        {choicesFor(question, locale).map((choice) => {
          const checked = chosen.includes(choice.value);
          return (
            <FormControlLabel
              key={choice.id}
              control={
                <Control
                  checked={checked}
                  onChange={(event) => onChoose(choice.value, event.target.checked)}
                  size="small"
                />
              }
              label={translate(choiceLabelKey(question, choice))}
              sx={{
                m: 0,
                pr: 1.5,
                py: 0.25,
                '& .MuiFormControlLabel-label': { lineHeight: 1.35, py: 0.75 },
                border: 1,
                borderRadius: 2,
                borderColor: checked ? 'primary.main' : 'divider',
                bgcolor: checked ? 'action.selected' : 'transparent',
              }}
            />
          );
        })}
      </FormGroup>
    </Box>
  );
}

function FinalStep({
  firstName,
  student,
  ticked,
  locale,
  onTick,
}: {
  firstName: string;
  student: boolean;
  ticked: OnboardingState['ticked'];
  locale: string;
  onTick: (document: LegalDocument, checked: boolean) => void;
}) {
  const translate = useTranslate();
  return (
    <Box>
      <Typography id="onboarding-title" variant="h4" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {firstName ? translate('onboarding.final.title', { firstName }) : translate('onboarding.final.title_no_name')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {translate(student ? 'onboarding.final.student_body' : 'onboarding.final.body')}
      </Typography>
      {!student && (
        <FormGroup sx={{ gap: 1 }}>
          {(['terms', 'notice'] as const).map((document) => (
            <FormControlLabel
              key={document}
              required
              control={
                <Checkbox checked={ticked[document]} onChange={(event) => onTick(document, event.target.checked)} />
              }
              label={
                <>
                  {translate(`onboarding.final.accept_${document}`)}{' '}
                  <Link href={legalPageUrl(document, locale)} target="_blank" rel="noopener">
                    {translate(`onboarding.final.read_${document}`)}
                  </Link>
                </>
              }
            />
          ))}
        </FormGroup>
      )}
    </Box>
  );
}
