import {
  Alert,
  Box,
  Button,
  CircularProgress,
  FormControlLabel,
  Radio,
  RadioGroup,
  TextField,
  Typography,
} from '@mui/material';
import { useEffect, useReducer, useState, type FormEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import { AUTH_LEVEL, LOGIN_FAILURE_WAIT_MS } from '../../../domain/auth';
import { isValidEmail, sanitizeEmail } from '../../../domain/email';
import { currentClaims } from '../../session/tokenStorage';
import { signUpCalls } from '../../authProvider/signUp';
import { signInCalls } from '../../authProvider/signIn';
import { errorCode, errorStatus, NetworkError } from '../../dataProvider/apiErrors';
import { LoginShell } from './LoginShell';
import { MailSentPanel } from './MailSentPanel';
import { initialLoginState, isWaiting, loginErrorFor, loginReducer } from './loginState';
import { SecondFactorPrompt } from './SecondFactorPrompt';
import { SignUpEntry, SignUpForm } from './SignUpForm';

export const LOGIN_PATH = '/login';

export function LoginPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const [locale] = useLocaleState();
  const [state, dispatch] = useReducer(loginReducer, initialLoginState);
  const [email, setEmail] = useState('');
  const [issuerId, setIssuerId] = useState('');
  const claims = currentClaims();
  const secondFactorPending = claims?.authLevel === AUTH_LEVEL.secondFactorPending;
  // self-service sign-up (issue 18): offered when the installation opens it; /login?signup opens the form
  const [searchParams] = useSearchParams();
  const [signingUp, setSigningUp] = useState(searchParams.has('signup'));
  const signUp = useQuery({ queryKey: ['signup-status'], queryFn: signUpCalls.status, staleTime: Infinity });
  const signUpOpen = signUp.data?.enabled === true;

  useEffect(() => {
    if (claims?.authLevel === AUTH_LEVEL.complete) void navigate('/templates', { replace: true });
  }, [claims?.authLevel, navigate]);

  const waiting = isWaiting(state);
  useEffect(() => {
    if (!waiting) return;
    const timer = window.setTimeout(() => dispatch({ type: 'wait_over' }), LOGIN_FAILURE_WAIT_MS);
    return () => window.clearTimeout(timer);
  }, [waiting]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const address = sanitizeEmail(email);
    setEmail(address);
    if (!isValidEmail(address)) {
      dispatch({ type: 'invalid_email' });
      return;
    }
    dispatch({ type: 'submit' });
    try {
      const { redirectUrl } = await signInCalls.requestLink({
        email: address,
        lang: locale,
        issuerId: state.status === 'choose_issuer' ? issuerId : undefined,
      });
      if (redirectUrl) {
        dispatch({ type: 'sso' });
        window.location.assign(redirectUrl);
        return;
      }
      dispatch({ type: 'sent', email: address });
    } catch (error) {
      if (errorCode(error) === 'CHOOSE_ISSUER') {
        const issuers = (error as { body?: { issuers?: Record<string, string> } }).body?.issuers ?? {};
        setIssuerId(Object.keys(issuers)[0] ?? '');
        dispatch({ type: 'choose_issuer', issuers });
        return;
      }
      dispatch({
        type: 'failed',
        error: error instanceof NetworkError ? 'network' : loginErrorFor(errorStatus(error)),
      });
    }
  };

  if (signingUp && signUpOpen && !secondFactorPending) return <SignUpForm onBack={() => setSigningUp(false)} />;

  if (state.status === 'ok') {
    return (
      <MailSentPanel
        body={translate('login.sent_body', { email: state.email })}
        action={translate('login.use_other')}
        onAction={() => dispatch({ type: 'reset' })}
      />
    );
  }

  const pending = state.status === 'pending' || state.status === 'redirecting';
  const errorMessage =
    state.status === 'error'
      ? translate(state.error === 'network' ? 'app.error_network' : `login.${state.error}`)
      : null;

  return (
    <LoginShell>
      <Box component="form" onSubmit={submit} noValidate>
        <Typography variant="h5" component="h1" gutterBottom>
          {translate('login.title')}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 3 }}>
          {translate('login.subtitle')}
        </Typography>
        <TextField
          fullWidth
          autoFocus
          type="email"
          name="email"
          label={translate('login.email')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={state.status === 'error' && state.error === 'invalid_email'}
          slotProps={{
            htmlInput: { autoComplete: 'email', 'aria-describedby': errorMessage ? 'login-error' : undefined },
          }}
          disabled={pending}
        />
        {state.status === 'choose_issuer' && (
          <Box sx={{ mt: 2.5 }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {translate('login.choose_issuer')}
            </Typography>
            <RadioGroup
              aria-label={translate('login.issuer')}
              value={issuerId}
              onChange={(e) => setIssuerId(e.target.value)}
            >
              {Object.entries(state.issuers).map(([id, name]) => (
                <FormControlLabel key={id} value={id} control={<Radio />} label={name} />
              ))}
            </RadioGroup>
          </Box>
        )}
        {errorMessage && (
          <Alert id="login-error" severity="error" sx={{ mt: 2 }} role="alert">
            {errorMessage}
          </Alert>
        )}
        {state.status === 'redirecting' && (
          <Alert severity="info" sx={{ mt: 2 }}>
            {translate('login.sso_redirect')}
          </Alert>
        )}
        <Button
          type="submit"
          fullWidth
          size="large"
          variant="contained"
          sx={{ mt: 3, py: 1.25 }}
          disabled={pending || waiting}
          startIcon={pending ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
        >
          {translate(pending ? 'login.pending' : waiting ? 'login.wait' : 'login.submit')}
        </Button>
      </Box>
      {signUpOpen && !secondFactorPending && <SignUpEntry onStart={() => setSigningUp(true)} />}
      {secondFactorPending && <SecondFactorPrompt />}
    </LoginShell>
  );
}
