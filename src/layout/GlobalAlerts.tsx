import CloseIcon from '@mui/icons-material/Close';
import { Alert, Box, Button, IconButton } from '@mui/material';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { VERIFICATION_TAB } from '../../domain/accountVerification';
import { showTwoFactorAlert, showVerificationAlert } from '../../domain/alerts';
import { parseJson } from '../../domain/json';
import { PROFILE } from '../../domain/roles';
import { useCurrentUser } from '../authProvider/useCurrentUser';

function DismissButton({ onClick }: { onClick: () => void }) {
  const translate = useTranslate();
  return (
    <IconButton size="small" color="inherit" aria-label={translate('app.close')} onClick={onClick}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

const DISMISSED_KEY = 'laurel.dismissedAlerts';

function dismissedAlerts(): string[] {
  return parseJson<string[]>(sessionStorage.getItem(DISMISSED_KEY), []);
}

/**
 * The global alerts of spec 000 section 2.7, above the page: the two-factor alert (to the security page) and
 * the non-verified-issuer alert. Each is dismissible for the session (sessionStorage).
 */
export function GlobalAlerts() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const { user } = useCurrentUser();
  const [dismissed, setDismissed] = useState<string[]>(dismissedAlerts);
  if (!user) return null;
  const dismiss = (key: string) => {
    const next = [...dismissed, key];
    sessionStorage.setItem(DISMISSED_KEY, JSON.stringify(next));
    setDismissed(next);
  };
  const alerts = [
    showTwoFactorAlert(user) && !user.noTotpAlertDisabled && !dismissed.includes('two_factor') && (
      <Alert
        key="two_factor"
        severity="warning"
        action={
          <>
            <Button color="inherit" size="small" onClick={() => navigate('/security')}>
              {translate('alerts.two_factor_action')}
            </Button>
            <DismissButton onClick={() => dismiss('two_factor')} />
          </>
        }
      >
        {translate('alerts.two_factor')}
      </Alert>
    ),
    showVerificationAlert(user) && !user.notVerifiedAlertDisabled && !dismissed.includes('verification') && (
      <Alert
        key="verification"
        severity="info"
        action={
          <>
            {user.profileId === PROFILE.Administrator && (
              <Button color="inherit" size="small" onClick={() => navigate(`/profile/${VERIFICATION_TAB}`)}>
                {translate('alerts.verification_action')}
              </Button>
            )}
            <DismissButton onClick={() => dismiss('verification')} />
          </>
        }
      >
        {translate('alerts.verification')}
      </Alert>
    ),
  ].filter(Boolean);
  if (alerts.length === 0) return null;
  return <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5, mb: 3 }}>{alerts}</Box>;
}
