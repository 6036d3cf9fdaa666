import {
  Alert,
  Backdrop,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  List,
  ListItemButton,
  ListItemText,
  Skeleton,
  Step,
  StepLabel,
  Stepper,
  Typography,
} from '@mui/material';
import { useEffect, useReducer, useRef, useState, type Dispatch, type ReactNode } from 'react';
import { HttpError, Title, useLocaleState, useTranslate } from 'react-admin';
import { Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import type { CurrentUser } from '../../../../domain/auth';
import type { LogoKind } from '../../../../domain/templateRules/images';
import { templateFamily, type TemplateFamily } from '../../../../domain/templates';
import { useCurrentUser } from '../../../authProvider/useCurrentUser';
import { canUseEditor, publicationPath, templateEditorPath } from '../paths';
import { NetworkError } from '../../../dataProvider/apiErrors';
import { useLaurelDataProvider } from '../../../dataProvider/useLaurelDataProvider';
import { ContentStep } from './ContentStep';
import {
  buildPayload,
  canLeaveParameters,
  currentStep,
  editorReducer,
  editorSteps,
  newEditorState,
  readRefusal,
  stateFromDefinition,
  stepOfPath,
  templateProblems,
  type EditorAction,
  type EditorContext,
  type EditorState,
  type Problem,
} from './editorModel';
import type { FieldSection } from './fieldLayout';
import { useErrorText } from './fields';
import { languageName } from './ParametersStep';
import { EDITING, saveFlowReducer } from './saveFlow';
import { SummaryStep } from './SummaryStep';

const TEMPLATES_PATH = '/templates';

export interface TemplateEditorProps {
  family: TemplateFamily;
  sections: FieldSection[];
  badgeLogoKind: LogoKind;
  /** translation keys of the page's heading in each mode */
  titles: { insert: string; update: string; duplicate: string };
  parameters: (props: { state: EditorState; dispatch: Dispatch<EditorAction>; user: CurrentUser }) => ReactNode;
  /** what the editor needs to know of the account beyond the user (the registry's contract id) */
  loadContext?: (user: CurrentUser) => Promise<Partial<EditorContext>>;
  blankContent?: Record<string, string>;
}

type Loading =
  | { status: 'loading' }
  | { status: 'ready'; initial: EditorState; mode: 'insert' | 'update' | 'duplicate' }
  | { status: 'elsewhere'; path: string }
  | { status: 'failed' };

/**
 * The template editors' page (spec 001 sections 2 and 4): insert (no parameter), update (?id=N) or duplicate
 * (?duplicate=N, insert mode prefilled); the parameters step, one data step per language, the summary; then
 * Validate → the validation dialog → saving → the confirmation → the templates page. Only users who may
 * edit templates and whose account has the family's metatemplate see it; the others go to the templates.
 */
export function TemplateEditor(props: TemplateEditorProps) {
  const { user } = useCurrentUser();
  const dataProvider = useLaurelDataProvider();
  const [params] = useSearchParams();
  const [loading, setLoading] = useState<Loading>({ status: 'loading' });
  const { family, loadContext, blankContent } = props;
  const id = Number(params.get('id')) || null;
  const duplicate = Number(params.get('duplicate')) || null;
  const allowed = user ? canUseEditor(user, family) : false;

  useEffect(() => {
    if (!user || !allowed) return;
    let active = true;
    const load = async (): Promise<Loading> => {
      const extra = loadContext ? await loadContext(user).catch(() => ({})) : {};
      const context: EditorContext = {
        family,
        issuerName: user.issuerName,
        hasCustomDesign: user.params.hasCustomDesign,
        blankContent,
        ...extra,
      };
      const source = id ?? duplicate;
      if (source === null) return { status: 'ready', initial: newEditorState(context), mode: 'insert' };
      const definition = await dataProvider.getTemplateDefinition(user.issuerId, source);
      const actual = templateFamily(definition.type);
      if (actual !== family) {
        const path = templateEditorPath(definition.type, id ? { id } : { duplicate: source });
        return { status: 'elsewhere', path: path ?? TEMPLATES_PATH };
      }
      return id
        ? { status: 'ready', initial: stateFromDefinition(definition, context, 'update'), mode: 'update' }
        : { status: 'ready', initial: stateFromDefinition(definition, context, 'insert'), mode: 'duplicate' };
    };
    setLoading({ status: 'loading' });
    load().then(
      (result) => active && setLoading(result),
      () => active && setLoading({ status: 'failed' }),
    );
    return () => {
      active = false;
    };
  }, [user, allowed, family, id, duplicate, loadContext, blankContent, dataProvider]);

  if (!user) return null;
  if (!allowed) return <Navigate to={TEMPLATES_PATH} replace />;
  if (loading.status === 'elsewhere') return <Navigate to={loading.path} replace />;
  if (loading.status === 'failed') return <LoadFailed />;
  if (loading.status === 'loading') return <Skeleton variant="rounded" height={360} />;
  return <EditorBody key={`${id}-${duplicate}`} {...props} user={user} initial={loading.initial} mode={loading.mode} />;
}

function LoadFailed() {
  const translate = useTranslate();
  const navigate = useNavigate();
  return (
    <Alert
      severity="error"
      action={
        <Button color="inherit" onClick={() => navigate(TEMPLATES_PATH)}>
          {translate('editor.actions.back_to_templates')}
        </Button>
      }
    >
      {translate('editor.load_failed')}
    </Alert>
  );
}

/** The name of a problem's place: its step (a language, the parameters, the design) and its field. */
function useProblemText(state: EditorState) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const errorText = useErrorText();
  return (problem: Problem) => {
    const parts = problem.path.split('.');
    let place: string;
    let field = parts[parts.length - 1];
    if (parts[0] === 'content' && parts.length >= 3) {
      field = parts.slice(2).join('.');
      const fieldName = translate(`editor.fields.${field}`, { _: field });
      place = state.family === 'registry' ? fieldName : `${languageName(parts[1], locale)} · ${fieldName}`;
    } else if (parts[0] === 'cstyle') {
      place =
        parts[1] === 'layout'
          ? translate('editor.design.layout')
          : parts[1] === 'designImage'
            ? translate('editor.design.image.title')
            : `${translate(`editor.design.blocks.${parts[1]}`)} · ${translate(`editor.design.fields.${parts.slice(2).join('_')}`)}`;
    } else if (parts[0] === 'params') {
      place = translate(`editor.parameters.${field}`, { _: field });
    } else {
      place = translate(`editor.parameters.${problem.path}`, { _: problem.path });
    }
    return `${place}: ${errorText(problem.code, field)}`;
  };
}

function EditorBody({
  user,
  initial,
  mode,
  family,
  sections,
  badgeLogoKind,
  titles,
  parameters,
}: TemplateEditorProps & { user: CurrentUser; initial: EditorState; mode: 'insert' | 'update' | 'duplicate' }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const navigate = useNavigate();
  const dataProvider = useLaurelDataProvider();
  const [state, dispatch] = useReducer(editorReducer, initial);
  const [flow, flowDispatch] = useReducer(saveFlowReducer, EDITING);
  const [warned, setWarned] = useState(initial.mode === 'insert' || initial.certificationCounter === 0);
  const problemText = useProblemText(state);
  const steps = editorSteps(state);
  const step = currentStep(state);

  // Each step starts at the top of the page, with the focus on the step's form (not left on <body> when the button
  // that was pressed goes away, as Next does on the summary): Tab then goes through the new step's fields.
  const form = useRef<HTMLFormElement>(null);
  const shownStep = useRef(state.step);
  useEffect(() => {
    if (window.scrollY > 0) window.scrollTo({ top: 0 });
    if (shownStep.current !== state.step) form.current?.focus({ preventScroll: true });
    shownStep.current = state.step;
  }, [state.step]);

  const label =
    state.content[state.defaultLanguage]?.label?.trim() || state.content[state.defaultLanguage]?.microcertitle?.trim();
  const heading = translate(titles[mode], { label: label ?? '' });

  const save = async () => {
    flowDispatch({ type: 'confirm' });
    const payload = buildPayload(state);
    try {
      const saved = await dataProvider.saveTemplateDefinition(payload);
      flowDispatch({ type: 'saved', id: saved.id });
    } catch (error) {
      if (error instanceof NetworkError) return flowDispatch({ type: 'failed', failure: 'network' });
      const refusal = error instanceof HttpError ? readRefusal(error.body, payload) : { kind: 'other' as const };
      if (refusal.kind === 'fields') dispatch({ type: 'showErrors', errors: refusal.errors });
      flowDispatch({
        type: 'failed',
        failure:
          refusal.kind === 'fields' ? 'refused' : refusal.kind === 'metatemplate' ? 'metatemplate' : 'unexpected',
      });
    }
  };

  const currentErrors = Object.keys(state.errors).filter((path) => stepOfPath(state, path) === state.step);

  return (
    <Box>
      <Title title={heading} />
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {heading}
      </Typography>
      <Stepper activeStep={state.step} alternativeLabel sx={{ mb: 3 }}>
        {steps.map((item, index) => (
          <Step key={item.kind === 'content' ? item.language : item.kind} completed={index < state.step}>
            <StepLabel
              error={index !== state.step && Object.keys(state.errors).some((p) => stepOfPath(state, p) === index)}
            >
              {item.kind === 'content'
                ? family === 'registry'
                  ? translate('editor.steps.form')
                  : languageName(item.language, locale)
                : translate(`editor.steps.${item.kind}`)}
            </StepLabel>
          </Step>
        ))}
      </Stepper>
      {flow.phase === 'editing' && flow.failure && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {translate(`editor.save_failed.${flow.failure}`)}
        </Alert>
      )}
      <Box
        component="form"
        ref={form}
        tabIndex={-1}
        noValidate
        onSubmit={(event) => event.preventDefault()}
        aria-label={heading}
        sx={{ '&:focus': { outline: 'none' } }}
      >
        {step.kind === 'parameters' && parameters({ state, dispatch, user })}
        {step.kind === 'content' && (
          <ContentStep
            key={step.language}
            state={state}
            dispatch={dispatch}
            language={step.language}
            sections={sections}
            badgeLogoKind={badgeLogoKind}
          />
        )}
        {step.kind === 'summary' && <SummaryStep state={state} dispatch={dispatch} issuerId={user.issuerId} />}
      </Box>
      {currentErrors.length > 0 && step.kind !== 'parameters' && (
        <Alert severity="error" sx={{ mt: 2 }} role="alert">
          {translate('editor.fix_errors')}
        </Alert>
      )}
      <Box
        sx={{
          display: 'flex',
          gap: 1,
          mt: 3,
          py: 2,
          position: 'sticky',
          bottom: 0,
          bgcolor: 'background.default',
          borderTop: 1,
          borderColor: 'divider',
          zIndex: 2,
        }}
      >
        <Button color="inherit" onClick={() => navigate(TEMPLATES_PATH)}>
          {translate('ra.action.cancel')}
        </Button>
        <Box sx={{ flexGrow: 1 }} />
        <Button variant="outlined" disabled={state.step === 0} onClick={() => dispatch({ type: 'previous' })}>
          {translate('editor.actions.previous')}
        </Button>
        {step.kind === 'summary' ? (
          <Button
            variant="contained"
            onClick={() => flowDispatch({ type: 'validate', problems: templateProblems(state) })}
          >
            {translate('editor.actions.validate')}
          </Button>
        ) : (
          <Button
            variant="contained"
            disabled={step.kind === 'parameters' && !canLeaveParameters(state)}
            onClick={() => dispatch({ type: 'next' })}
          >
            {translate('editor.actions.next')}
          </Button>
        )}
      </Box>

      <Dialog open={!warned} aria-labelledby="used-warning-title" maxWidth="sm">
        <DialogTitle id="used-warning-title">{translate('editor.used_warning.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {translate('editor.used_warning.body', { count: state.certificationCounter })}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => navigate(TEMPLATES_PATH)}>{translate('editor.used_warning.back')}</Button>
          <Button variant="contained" onClick={() => setWarned(true)}>
            {translate('editor.used_warning.continue')}
          </Button>
        </DialogActions>
      </Dialog>

      <Dialog
        open={flow.phase === 'reviewing'}
        onClose={() => flowDispatch({ type: 'back' })}
        aria-labelledby="validation-title"
        maxWidth="sm"
        fullWidth
      >
        <DialogTitle id="validation-title">{translate('editor.validation.title')}</DialogTitle>
        <DialogContent>
          {flow.phase === 'reviewing' && flow.problems.length > 0 ? (
            <>
              <DialogContentText>{translate('editor.validation.problems')}</DialogContentText>
              <List dense>
                {flow.problems.map((problem) => (
                  <ListItemButton
                    key={problem.path}
                    onClick={() => {
                      flowDispatch({ type: 'back' });
                      dispatch({
                        type: 'showErrors',
                        errors: Object.fromEntries(flow.problems.map((p) => [p.path, p.code])),
                        step: problem.step,
                      });
                    }}
                  >
                    <ListItemText primary={problemText(problem)} slotProps={{ primary: { color: 'error' } }} />
                  </ListItemButton>
                ))}
              </List>
            </>
          ) : (
            <Alert severity="success">{translate('editor.validation.all_good')}</Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => flowDispatch({ type: 'back' })}>{translate('editor.actions.back_to_editing')}</Button>
          {flow.phase === 'reviewing' && flow.problems.length === 0 && (
            <Button variant="contained" onClick={() => void save()}>
              {translate('editor.actions.save')}
            </Button>
          )}
        </DialogActions>
      </Dialog>

      {flow.phase === 'saving' && (
        <Backdrop
          open
          sx={{ zIndex: (theme) => theme.zIndex.modal + 1, color: '#fff', flexDirection: 'column', gap: 2 }}
        >
          <CircularProgress color="inherit" aria-hidden />
          <Typography role="status">{translate('editor.saving')}</Typography>
        </Backdrop>
      )}

      <Dialog open={flow.phase === 'saved'} aria-labelledby="saved-title" maxWidth="xs" fullWidth>
        <DialogTitle id="saved-title">{translate('editor.saved.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{translate('editor.saved.body', { label: label ?? '' })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => navigate(TEMPLATES_PATH)}>{translate('editor.actions.back_to_templates')}</Button>
          {flow.phase === 'saved' && (
            <Button variant="contained" autoFocus onClick={() => navigate(publicationPath(flow.id))}>
              {translate('editor.actions.publish_now')}
            </Button>
          )}
        </DialogActions>
      </Dialog>
    </Box>
  );
}
