import { Alert, Box, Button, CircularProgress, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { FREE_TRIAL_DAYS } from '../../../domain/account';
import { isValidEmail, sanitizeEmail } from '../../../domain/email';
import { signUpCalls } from '../../authProvider/signUp';
import { errorCode, errorStatus, NetworkError } from '../../dataProvider/apiErrors';
import { LoginShell } from './LoginShell';
import { MailSentPanel } from './MailSentPanel';

/** The longest organisation name the server takes (server/services/signUp.ts). */
const ORGANISATION_MAX = 100;

type SignUpState =
  | { status: 'idle' }
  | { status: 'pending' }
  | { status: 'sent'; email: string }
  | {
      status: 'error';
      error: 'invalid_email' | 'invalid_organisation' | 'too_many' | 'closed' | 'generic' | 'network';
    };

function errorOf(error: unknown): Extract<SignUpState, { status: 'error' }>['error'] {
  if (error instanceof NetworkError) return 'network';
  const code = errorCode(error);
  if (code === 'INVALID_EMAIL') return 'invalid_email';
  if (code === 'INVALID_ORGANISATION') return 'invalid_organisation';
  if (code === 'SIGNUP_DISABLED') return 'closed';
  return errorStatus(error) === 429 ? 'too_many' : 'generic';
}

/**
 * "Start a free trial" (issue 18): the organisation's name and the person's address; the server mails a link
 * that creates the account on its first use. The answer is the same whether or not the address has an account.
 */
export function SignUpForm({ onBack }: { onBack: () => void }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [organisation, setOrganisation] = useState('');
  const [email, setEmail] = useState('');
  const [state, setState] = useState<SignUpState>({ status: 'idle' });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = sanitizeEmail(email);
    const name = organisation.trim().replace(/\s+/g, ' ');
    setEmail(address);
    if (name.length === 0 || name.length > ORGANISATION_MAX) {
      setState({ status: 'error', error: 'invalid_organisation' });
      return;
    }
    if (!isValidEmail(address)) {
      setState({ status: 'error', error: 'invalid_email' });
      return;
    }
    setState({ status: 'pending' });
    try {
      await signUpCalls.request({ organisation: name, email: address, language: locale });
      setState({ status: 'sent', email: address });
    } catch (error) {
      setState({ status: 'error', error: errorOf(error) });
    }
  };

  if (state.status === 'sent') {
    return (
      <MailSentPanel
        body={translate('login.signup.sent_body', { email: state.email })}
        action={translate('login.signup.back')}
        onAction={onBack}
      />
    );
  }

  const pending = state.status === 'pending';
  const error = state.status === 'error' ? state.error : null;
  return (
    <LoginShell>
      <Box component="form" onSubmit={submit} noValidate aria-labelledby="signup-title">
        <Typography id="signup-title" variant="h5" component="h1" gutterBottom>
          {translate('login.signup.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {translate('login.signup.subtitle', { days: FREE_TRIAL_DAYS })}
        </Typography>
        <TextField
          fullWidth
          autoFocus
          name="organisation"
          label={translate('login.signup.organisation')}
          value={organisation}
          onChange={(e) => setOrganisation(e.target.value)}
          error={error === 'invalid_organisation'}
          slotProps={{ htmlInput: { maxLength: ORGANISATION_MAX, autoComplete: 'organization' } }}
          disabled={pending}
          sx={{ mb: 2 }}
        />
        <TextField
          fullWidth
          type="email"
          name="email"
          label={translate('login.email')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={error === 'invalid_email'}
          slotProps={{ htmlInput: { autoComplete: 'email' } }}
          disabled={pending}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }} role="alert">
            {translate(error === 'network' ? 'app.error_network' : `login.signup.errors.${error}`)}
          </Alert>
        )}
        <Button
          type="submit"
          fullWidth
          size="large"
          variant="contained"
          sx={{ mt: 3, py: 1.25 }}
          disabled={pending}
          startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {translate(pending ? 'login.pending' : 'login.signup.submit')}
        </Button>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2, textAlign: 'center' }}>
          {translate('login.signup.have_account')}{' '}
          <Button size="small" onClick={onBack} sx={{ verticalAlign: 'baseline' }}>
            {translate('login.signup.sign_in')}
          </Button>
        </Typography>
      </Box>
    </LoginShell>
  );
}

/** The login page's entry to the sign-up form, shown only when the installation opens self-service sign-up. */
export function SignUpEntry({ onStart }: { onStart: () => void }) {
  const translate = useTranslate();
  return (
    <Box sx={{ mt: 3, pt: 2.5, borderTop: 1, borderColor: 'divider', textAlign: 'center' }}>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {translate('login.signup.new_here')}
      </Typography>
      <Button variant="outlined" fullWidth onClick={onStart}>
        {translate('login.signup.entry')}
      </Button>
    </Box>
  );
}
