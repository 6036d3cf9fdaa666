import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import SendIcon from '@mui/icons-material/SendOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogContentText,
  DialogTitle,
  Divider,
  FormControl,
  FormControlLabel,
  FormLabel,
  Radio,
  RadioGroup,
  Skeleton,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type FormEvent } from 'react';
import { HttpError, Title, useNotify, useTranslate } from 'react-admin';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import {
  EMAIL_LANGUAGE_CHOICES,
  RECIPIENT_LANGUAGE,
  testRecipients,
  validateEmailForm,
  type EmailFormError,
  type EmailFormField,
  type EmailSendPayload,
} from '../../../../domain/emailing';
import { useCurrentUser } from '../../../authProvider/useCurrentUser';
import { errorCode, errorStatus } from '../../../dataProvider/apiErrors';
import { useLaurelDataProvider } from '../../../dataProvider/useLaurelDataProvider';
import {
  canTest,
  emailPayload,
  initialDraft,
  isEmailLanguage,
  isEmailTarget,
  type EmailDraft,
  type EmailTarget,
  type ReportReturn,
} from './emailForm';

/** A VALIDATION_ERROR answer's field errors, when the server found some. */
function serverFieldErrors(error: unknown): Partial<Record<EmailFormField, EmailFormError>> | null {
  if (!(error instanceof HttpError) || errorCode(error) !== 'VALIDATION_ERROR') return null;
  const fields = (error.body as { fields?: unknown } | undefined)?.fields;
  return fields && typeof fields === 'object' && Object.keys(fields).length > 0
    ? (fields as Partial<Record<EmailFormField, EmailFormError>>)
    : null;
}

/** The send-emails page (spec 002 sections 2.3 and 5), opened from a report with its target in the navigation state. */
export function EmailPage() {
  const translate = useTranslate();
  const location = useLocation();
  const target = isEmailTarget(location.state) ? location.state : null;
  if (!target)
    return (
      <Box>
        <Title title={translate('emailing.title')} />
        <Alert
          severity="info"
          action={
            <Button component={Link} to="/campaigns" color="inherit" size="small">
              {translate('emailing.to_campaigns')}
            </Button>
          }
        >
          {translate('emailing.no_target')}
        </Alert>
      </Box>
    );
  return <EmailForm target={target} />;
}

function EmailForm({ target }: { target: EmailTarget }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const dataProvider = useLaurelDataProvider();
  const queryClient = useQueryClient();
  const settingsQuery = useQuery({
    queryKey: ['emailing', 'settings'],
    queryFn: () => dataProvider.getEmailingSettings(),
    retry: false,
  });
  const sendMutation = useMutation({
    mutationFn: ({ payload, test }: { payload: EmailSendPayload; test: boolean }) =>
      test ? dataProvider.sendTestEmail(payload) : dataProvider.sendEmails(payload),
    // the reports show each certificate's email status
    onSuccess: (_sent, { test }) => (test ? undefined : queryClient.invalidateQueries({ queryKey: ['certificates'] })),
  });
  const [draft, setDraft] = useState<EmailDraft | null>(null);
  const [errors, setErrors] = useState<Partial<Record<EmailFormField, EmailFormError>>>({});
  const [confirming, setConfirming] = useState(false);
  const [sending, setSending] = useState(false);
  const [sendError, setSendError] = useState<string | null>(null);

  useEffect(() => {
    if (settingsQuery.data && user && draft === null) setDraft(initialDraft(settingsQuery.data, user));
  }, [settingsQuery.data, user, draft]);

  const back = (state?: ReportReturn) => navigate(target.returnTo, { state: state ?? { restore: true } });

  if (settingsQuery.isError)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={() => void settingsQuery.refetch()}>
            {translate('app.retry')}
          </Button>
        }
      >
        {translate('emailing.load_failed')}
      </Alert>
    );
  if (!settingsQuery.data || draft === null) return <Skeleton variant="rounded" height={480} />;

  const settings = settingsQuery.data;
  const hasMailingTemplates = settings.mailingTemplates.length > 0;
  const testable = canTest(target);

  /** a field's change clears its own error (spec 002 section 5) */
  const change = (field: EmailFormField, next: Partial<EmailDraft>) => {
    setDraft({ ...draft, ...next });
    setErrors(({ [field]: _cleared, ...others }) => others);
  };
  const fieldError = (field: EmailFormField) =>
    errors[field] ? { error: true, helperText: translate(`emailing.errors.${errors[field]}`) } : {};

  const validate = (event: FormEvent) => {
    event.preventDefault();
    const found = validateEmailForm(draft, { domains: settings.domains, test: draft.test });
    setErrors(found);
    if (Object.keys(found).length === 0) {
      setSendError(null);
      setConfirming(true);
    }
  };

  const send = async () => {
    setSending(true);
    setSendError(null);
    try {
      const payload = emailPayload(draft, target, hasMailingTemplates);
      const body = await sendMutation.mutateAsync({ payload, test: draft.test });
      setConfirming(false);
      if (draft.test) notify('emailing.test_sent', { type: 'success', messageArgs: { count: body.nbEmails } });
      else void back({ restore: true, sent: body.nbEmails });
    } catch (error) {
      const code = errorCode(error);
      const fields = serverFieldErrors(error);
      if (fields) {
        // the server checks the form with the same rules: show its findings on the fields
        setErrors(fields);
        setConfirming(false);
      } else {
        setSendError(
          code === 'OPERATION_PENDING'
            ? translate('reports.minting.body')
            : translate('emailing.send_failed', { status: errorStatus(error) ?? 0 }),
        );
      }
    } finally {
      setSending(false);
    }
  };

  const recipientsText = target.selection
    ? translate('emailing.target_selection', { count: target.count, label: target.label })
    : translate('emailing.target_all', { count: target.count, label: target.label });

  return (
    <Box sx={{ maxWidth: 760, mx: 'auto' }}>
      <Title title={translate('emailing.title')} />
      <Button startIcon={<ArrowBackIcon />} onClick={() => back()} color="inherit" sx={{ mb: 1 }}>
        {translate('emailing.back')}
      </Button>
      <Typography variant="h4" component="h1" gutterBottom>
        {translate('emailing.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        {recipientsText}
      </Typography>
      {settings.disabled && (
        <Alert severity="info" sx={{ mb: 2 }}>
          {translate(settings.disabled === 'staging' ? 'reports.email_disable_staging' : 'reports.email_disable')}
        </Alert>
      )}
      <Card variant="outlined">
        <CardContent
          component="form"
          noValidate
          onSubmit={validate}
          sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, p: { xs: 2, md: 3 } }}
        >
          <TextField
            label={translate('emailing.object')}
            value={draft.object}
            onChange={(event) => change('object', { object: event.target.value })}
            required
            fullWidth
            {...fieldError('object')}
          />
          <Box>
            <FormControlLabel
              control={
                <Switch
                  checked={draft.test}
                  disabled={!testable}
                  onChange={(event) => change('recipients', { test: event.target.checked })}
                />
              }
              label={translate('emailing.test_mode')}
            />
            {!testable && (
              <Typography variant="body2" color="text.secondary">
                {translate('emailing.test_unavailable')}
              </Typography>
            )}
            {draft.test && (
              <TextField
                label={translate('emailing.recipients')}
                value={draft.recipients}
                onChange={(event) => change('recipients', { recipients: event.target.value })}
                fullWidth
                sx={{ mt: 1 }}
                {...(errors.recipients
                  ? fieldError('recipients')
                  : { helperText: translate('emailing.recipients_hint') })}
              />
            )}
          </Box>
          <Divider />
          <Typography color="text.secondary" component="h2">
            {translate('emailing.sender')}
          </Typography>
          <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, gap: 2 }}>
            <TextField
              label={translate('emailing.sender_name')}
              value={draft.sender.name}
              onChange={(event) => change('senderName', { sender: { ...draft.sender, name: event.target.value } })}
              required
              {...fieldError('senderName')}
            />
            <TextField
              label={translate('emailing.sender_email')}
              type="email"
              value={draft.sender.email}
              onChange={(event) => change('senderEmail', { sender: { ...draft.sender, email: event.target.value } })}
              required={settings.domains.length > 0}
              {...fieldError('senderEmail')}
            />
            <TextField
              label={translate('emailing.reply_to_name')}
              value={draft.replyTo.name}
              onChange={(event) => change('replyToName', { replyTo: { ...draft.replyTo, name: event.target.value } })}
              {...(errors.replyToName ? fieldError('replyToName') : { helperText: translate('emailing.optional') })}
            />
            <TextField
              label={translate('emailing.reply_to_email')}
              type="email"
              value={draft.replyTo.email}
              onChange={(event) => change('replyToEmail', { replyTo: { ...draft.replyTo, email: event.target.value } })}
              {...(errors.replyToEmail ? fieldError('replyToEmail') : { helperText: translate('emailing.optional') })}
            />
          </Box>
          {settings.domains.length > 0 && (
            <Box>
              <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
                {translate('emailing.domains')}
              </Typography>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }} aria-label={translate('emailing.domains')}>
                {settings.domains.map((domain) => (
                  <Chip key={domain} size="small" label={`@${domain}`} variant="outlined" />
                ))}
              </Box>
            </Box>
          )}
          <Divider />
          {settings.mailingTemplates.length > 1 && (
            <FormControl>
              <FormLabel id="mailing-template-label">{translate('emailing.mailing_template')}</FormLabel>
              <RadioGroup
                aria-labelledby="mailing-template-label"
                value={draft.mailingTemplateId}
                onChange={(event) => setDraft({ ...draft, mailingTemplateId: event.target.value })}
              >
                {settings.mailingTemplates.map((template) => (
                  <FormControlLabel key={template.id} value={template.id} control={<Radio />} label={template.label} />
                ))}
              </RadioGroup>
            </FormControl>
          )}
          {!hasMailingTemplates && (
            <FormControl>
              <FormLabel id="email-language-label">{translate('emailing.language')}</FormLabel>
              <RadioGroup
                row
                aria-labelledby="email-language-label"
                value={draft.language}
                onChange={(event) =>
                  isEmailLanguage(event.target.value) && setDraft({ ...draft, language: event.target.value })
                }
              >
                {EMAIL_LANGUAGE_CHOICES.map((language) => (
                  <FormControlLabel
                    key={language}
                    value={language}
                    control={<Radio />}
                    label={
                      language === RECIPIENT_LANGUAGE
                        ? translate('emailing.recipient_language')
                        : translate(`language.${language}`, { _: language })
                    }
                  />
                ))}
              </RadioGroup>
            </FormControl>
          )}
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
            <Button color="inherit" onClick={() => back()}>
              {translate('app.cancel')}
            </Button>
            <Button type="submit" variant="contained" startIcon={<SendIcon />} disabled={Boolean(settings.disabled)}>
              {translate('emailing.validate')}
            </Button>
          </Box>
        </CardContent>
      </Card>

      <Dialog
        open={confirming}
        onClose={() => setConfirming(false)}
        maxWidth="xs"
        fullWidth
        aria-labelledby="send-title"
      >
        <DialogTitle id="send-title">
          {translate(draft.test ? 'emailing.confirm_test_title' : 'emailing.confirm_title')}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {draft.test
              ? translate('emailing.confirm_test_body', { recipients: testRecipients(draft.recipients).join(', ') })
              : translate('emailing.confirm_body', { count: target.count })}
          </DialogContentText>
          {sendError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {sendError}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={() => setConfirming(false)} color="inherit">
            {translate('app.cancel')}
          </Button>
          <Button variant="contained" onClick={() => void send()} disabled={sending}>
            {translate(draft.test ? 'emailing.send_test' : 'emailing.send')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
