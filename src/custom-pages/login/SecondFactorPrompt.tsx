import LockIcon from '@mui/icons-material/LockOutlined';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useLogin, useLogout, useTranslate } from 'react-admin';
import { isTotpCodeFormat } from '../../../domain/totpFormat';
import { TotpCodeField } from '../../components/TotpCodeField';
import { signInCalls } from '../../authProvider/signIn';
import { errorStatus } from '../../dataProvider/apiErrors';

/**
 * Shown over the login screen while the second factor is pending (authLevel 1). A right code upgrades the
 * session; declining or closing logs out (spec 000 section 2.3).
 */
export function SecondFactorPrompt() {
  const translate = useTranslate();
  const login = useLogin();
  const logout = useLogout();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!isTotpCodeFormat(code)) {
      setError('totp.code_format');
      return;
    }
    setPending(true);
    setError(null);
    try {
      await login({ token: await signInCalls.verifySecondFactor(code) });
    } catch (failure) {
      const status = errorStatus(failure);
      setError(status === 401 ? 'totp.wrong_code' : status === 429 ? 'login.too_many' : 'app.error_generic');
      setCode('');
      setPending(false);
    }
  };

  const decline = () => void logout();

  return (
    <Dialog open onClose={decline} aria-labelledby="totp-title" maxWidth="xs" fullWidth>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="totp-title" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <LockIcon color="primary" />
          {translate('totp.prompt_title')}
        </DialogTitle>
        <DialogContent>
          <Typography color="text.secondary" sx={{ mb: 2.5 }}>
            {translate('totp.prompt_body')}
          </Typography>
          <TotpCodeField value={code} onChange={setCode} size="large" describedBy={error ? 'totp-error' : undefined} />
          {error && (
            <Alert id="totp-error" severity="error" sx={{ mt: 2 }}>
              {translate(error)}
            </Alert>
          )}
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2.5 }}>
          <Button onClick={decline} color="inherit">
            {translate('totp.decline')}
          </Button>
          <Button type="submit" variant="contained" disabled={pending || code.length !== 6}>
            {translate('totp.verify')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
