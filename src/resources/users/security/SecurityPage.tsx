import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import ShieldIcon from '@mui/icons-material/ShieldOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Skeleton,
  Step,
  StepLabel,
  Stepper,
  Tooltip,
  Typography,
} from '@mui/material';
import { useReducer, useState, type FormEvent } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { isTotpCodeFormat, newTotpSecret, totpUri } from '../../../../domain/totp';
import { useCurrentUser } from '../../../authProvider/useCurrentUser';
import { ConfirmWordDialog } from '../../../components/ConfirmWordDialog';
import { TotpCodeField } from '../../../components/TotpCodeField';
import { errorStatus } from '../../../dataProvider/apiErrors';
import { useLaurelDataProvider } from '../../../dataProvider/useLaurelDataProvider';
import { useBrand } from '../../../components/brand/BrandContext';
import { groupSecret, initialWizard, wizardReducer } from './securityWizard';
import { SecretQrCode } from './SecretQrCode';

export function SecurityPage() {
  const translate = useTranslate();
  const { user, isPending, refresh } = useCurrentUser();

  return (
    <Box sx={{ maxWidth: 760 }}>
      <Title title={translate('security.title')} />
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {translate('security.title')}
      </Typography>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 2 }}>
            <ShieldIcon color="primary" />
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              {translate('security.two_factor')}
            </Typography>
            {user && (
              <Chip
                size="small"
                color={user.hasTotp ? 'success' : 'default'}
                label={translate(user.hasTotp ? 'app.on' : 'app.off')}
                data-testid="totp-state"
              />
            )}
          </Box>
          {isPending || !user ? (
            <Skeleton height={120} />
          ) : user.hasTotp ? (
            <EnabledState userId={user.id} onDisabled={refresh} />
          ) : (
            <EnableWizard userId={user.id} account={user.email} issuerLabel={user.issuerName} onEnabled={refresh} />
          )}
        </CardContent>
      </Card>
    </Box>
  );
}

function EnabledState({ userId, onDisabled }: { userId: number; onDisabled: () => Promise<void> }) {
  const translate = useTranslate();
  const dataProvider = useLaurelDataProvider();
  const notify = useNotify();
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const disable = async () => {
    setPending(true);
    setError(null);
    try {
      await dataProvider.disableSecondFactor(userId);
      setOpen(false);
      notify('security.disabled_done', { type: 'info' });
      await onDisabled();
    } catch {
      setError(translate('app.error_generic'));
    } finally {
      setPending(false);
    }
  };

  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', mb: 3 }}>
        <CheckCircleIcon color="success" sx={{ mt: 0.25 }} />
        <Typography>{translate('security.enabled')}</Typography>
      </Box>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        {translate('security.disable')}
      </Button>
      <ConfirmWordDialog
        open={open}
        title={translate('security.disable_title')}
        body={translate('security.disable_body')}
        wordKey="security.confirm_word"
        confirmLabel={translate('security.disable')}
        pending={pending}
        error={error}
        onConfirm={() => void disable()}
        onClose={() => setOpen(false)}
      />
    </Box>
  );
}

function EnableWizard(props: { userId: number; account: string; issuerLabel: string; onEnabled: () => Promise<void> }) {
  const translate = useTranslate();
  const notify = useNotify();
  const brand = useBrand();
  const dataProvider = useLaurelDataProvider();
  const [state, dispatch] = useReducer(wizardReducer, initialWizard);
  const [code, setCode] = useState('');
  const issuer = `${brand.name} (${props.issuerLabel})`;
  const uri = state.secret ? totpUri(state.secret, props.account, issuer) : '';

  const verify = async (event: FormEvent) => {
    event.preventDefault();
    if (!state.secret || !isTotpCodeFormat(code)) return;
    dispatch({ type: 'verify' });
    try {
      await dataProvider.enableSecondFactor(props.userId, state.secret, code);
      dispatch({ type: 'verified' });
      notify('security.done', { type: 'success' });
      await props.onEnabled();
    } catch (error) {
      dispatch({ type: 'failed', error: errorStatus(error) === 400 ? 'wrong_code' : 'generic' });
      setCode('');
    }
  };

  if (state.step === 0) {
    return (
      <Box>
        <Typography sx={{ mb: 1 }}>{translate('security.disabled_intro')}</Typography>
        <List dense sx={{ mb: 2 }}>
          {['bullet_app', 'bullet_secret', 'bullet_code'].map((key, index) => (
            <ListItem key={key} disableGutters sx={{ alignItems: 'flex-start' }}>
              <ListItemIcon sx={{ minWidth: 36, mt: 0.5 }}>
                <Box
                  sx={{
                    width: 24,
                    height: 24,
                    borderRadius: '50%',
                    bgcolor: 'primary.main',
                    color: 'primary.contrastText',
                    fontSize: 13,
                    fontWeight: 700,
                    display: 'grid',
                    placeItems: 'center',
                  }}
                >
                  {index + 1}
                </Box>
              </ListItemIcon>
              <ListItemText primary={translate(`security.${key}`)} />
            </ListItem>
          ))}
        </List>
        <Button variant="contained" onClick={() => dispatch({ type: 'start', secret: newTotpSecret() })}>
          {translate('security.start')}
        </Button>
      </Box>
    );
  }

  return (
    <Box>
      <Stepper activeStep={state.step === -1 ? 3 : state.step} alternativeLabel sx={{ mb: 4 }}>
        {['step_start', 'step_key', 'step_verify'].map((key) => (
          <Step key={key}>
            <StepLabel>{translate(`security.${key}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {state.step === 1 && state.secret && (
        <Box>
          <Typography variant="subtitle1" fontWeight={600} gutterBottom>
            {translate('security.step_secret_title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {translate('security.step_secret_body')}
          </Typography>
          <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap', alignItems: 'center', mb: 3 }}>
            <SecretQrCode uri={uri} label={translate('security.secret')} />
            <Box sx={{ minWidth: 240, flex: 1 }}>
              <Typography variant="caption" color="text.secondary">
                {translate('security.account')}
              </Typography>
              <Typography sx={{ mb: 1.5 }}>{props.account}</Typography>
              <Typography variant="caption" color="text.secondary">
                {translate('security.secret')}
              </Typography>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <Typography
                  data-testid="totp-secret"
                  data-secret={state.secret}
                  sx={{ fontFamily: 'monospace', fontSize: 17, letterSpacing: '0.06em', wordBreak: 'break-all' }}
                >
                  {groupSecret(state.secret)}
                </Typography>
                <Tooltip title={translate('security.copy')}>
                  <IconButton
                    aria-label={translate('security.copy')}
                    onClick={() =>
                      navigator.clipboard
                        .writeText(state.secret ?? '')
                        .then(() => notify('security.copied', { type: 'info' }))
                        .catch((error: unknown) => console.error('copy failed', error))
                    }
                  >
                    <ContentCopyIcon fontSize="small" />
                  </IconButton>
                </Tooltip>
              </Box>
              <Link href={uri} variant="body2">
                {translate('security.open_in_app')}
              </Link>
            </Box>
          </Box>
          <Box sx={{ display: 'flex', gap: 1 }}>
            <Button color="inherit" onClick={() => dispatch({ type: 'reset' })}>
              {translate('app.cancel')}
            </Button>
            <Button variant="contained" onClick={() => dispatch({ type: 'continue' })}>
              {translate('app.next')}
            </Button>
          </Box>
        </Box>
      )}
      {state.step === 2 && (
        <Box component="form" onSubmit={verify} noValidate>
          <Typography variant="subtitle1" fontWeight={600} gutterBottom>
            {translate('security.step_verify_title')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2.5 }}>
            {translate('security.step_verify_body', { account: props.account })}
          </Typography>
          <TotpCodeField value={code} onChange={setCode} sx={{ maxWidth: 260 }} />
          {state.error && (
            <Alert severity="error" sx={{ mt: 2 }} role="alert">
              {translate(state.error === 'wrong_code' ? 'totp.wrong_code' : 'app.error_generic')}
            </Alert>
          )}
          <Box sx={{ display: 'flex', gap: 1, mt: 3 }}>
            <Button color="inherit" onClick={() => dispatch({ type: 'back' })}>
              {translate('app.back')}
            </Button>
            <Button type="submit" variant="contained" disabled={state.pending || code.length !== 6}>
              {translate('security.activate')}
            </Button>
          </Box>
        </Box>
      )}
    </Box>
  );
}
