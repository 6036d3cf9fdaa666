import { Alert, Box, Button, CircularProgress, Typography } from '@mui/material';
import { useEffect, useRef, useState } from 'react';
import { useLogin, useTranslate } from 'react-admin';
import { Link, useParams } from 'react-router-dom';
import { signInCalls } from '../../authProvider/signIn';
import { LoginShell } from './LoginShell';

/** /login/{token}: the emailed link. A valid one opens a session and goes to /templates, else back to /login. */
export function LoginTokenPage() {
  const { token = '' } = useParams();
  const translate = useTranslate();
  const login = useLogin();
  const [failed, setFailed] = useState(false);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    signInCalls
      .exchangeLink(token)
      .then((session) => login({ token: session }))
      .catch(() => setFailed(true));
  }, [token, login]);

  return (
    <ExchangeStatus
      failed={failed}
      pendingKey="login.checking_link"
      failedKey="login.link_invalid"
      retryLabel={translate('login.title')}
    />
  );
}

export function ExchangeStatus(props: { failed: boolean; pendingKey: string; failedKey: string; retryLabel: string }) {
  const translate = useTranslate();
  return (
    <LoginShell>
      {props.failed ? (
        <Box>
          <Alert severity="warning" sx={{ mb: 3 }}>
            {translate(props.failedKey)}
          </Alert>
          <Button component={Link} to="/login" variant="contained" fullWidth>
            {props.retryLabel}
          </Button>
        </Box>
      ) : (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, py: 2 }}>
          <CircularProgress size={26} aria-hidden />
          <Typography>{translate(props.pendingKey)}</Typography>
        </Box>
      )}
    </LoginShell>
  );
}
