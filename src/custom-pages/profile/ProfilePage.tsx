import LockIcon from '@mui/icons-material/LockOutlined';
import RestoreIcon from '@mui/icons-material/Restore';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  IconButton,
  MenuItem,
  Skeleton,
  Switch,
  Tab,
  Tabs,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { Confirm, Title, useTranslate } from 'react-admin';
import { Link as RouterLink, Navigate, useNavigate, useParams } from 'react-router-dom';
import { useHelp } from '../../components/HelpContext';
import {
  ANALYTICS_PROVIDERS,
  PROFILE_TABS,
  type IssuerProfile,
  type ProfileParamKey,
  type ProfileTab,
} from '../../../domain/profileParams';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { offersVerificationForm, VERIFICATION_TAB } from '../../../domain/accountVerification';
import { CorrectionSettingsCard } from './CorrectionSettingsCard';
import { AccountVerificationForm } from './AccountVerificationForm';
import {
  fieldsOfTab,
  modifiedKeys,
  paramsPayload,
  reloadedValues,
  valuesFromIssuer,
  type ProfileValues,
} from './profileForm';
import { PROFILE_PATH } from './paths';
// the plan page (spec 000 section 2.14), where a locked setting's upgrade is offered
import { MY_PLAN_PATH } from '../../resources/credit-operations/paths';

/** The issuer profile (spec 000 section 2.11): tabs of parameters changed locally, restorable, saved through a dialog. */
export function ProfilePage() {
  const translate = useTranslate();
  const dataProvider = useLaurelDataProvider();
  const navigate = useNavigate();
  const { tab = 'issuer' } = useParams();
  const { user } = useCurrentUser();
  const [issuer, setIssuer] = useState<IssuerProfile | null>(null);
  const [loaded, setLoaded] = useState<ProfileValues>({});
  const loadedRef = useRef<ProfileValues>({});
  const [values, setValues] = useState<ProfileValues>({});
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState<{ severity: 'success' | 'error' | 'warning'; text: string } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});

  const load = useCallback(() => {
    if (!user) return;
    dataProvider
      .getIssuerProfile(user.issuerId)
      .then((body) => {
        const initial = valuesFromIssuer(body as unknown as Record<string, unknown>, body.params);
        setIssuer(body);
        // a new read (a new identity, another language) keeps what the user has typed since the last one
        const previous = loadedRef.current;
        loadedRef.current = initial;
        setValues((current) => reloadedValues(previous, current, initial));
        setLoaded(initial);
      })
      .catch(() => setMessage({ severity: 'error', text: translate('app.error_generic') }));
  }, [user, translate, dataProvider]);
  useEffect(load, [load]);

  const verificationTab = Boolean(
    issuer && offersVerificationForm({ plan: issuer.profile.plan, verified: issuer.verified }),
  );
  const tabs = useMemo(
    () => [
      ...(verificationTab ? [VERIFICATION_TAB] : []),
      ...PROFILE_TABS.filter((t) => t !== 'accrochage' || issuer?.hasRncp),
    ],
    [issuer?.hasRncp, verificationTab],
  );
  const modified = modifiedKeys(loaded, values);
  const knownTab = tab === VERIFICATION_TAB || (PROFILE_TABS as readonly string[]).includes(tab);
  if (!knownTab || (issuer && !tabs.includes(tab))) return <Navigate to={`${PROFILE_PATH}/issuer`} replace />;

  const save = async () => {
    setConfirming(false);
    if (!user) return;
    try {
      await dataProvider.saveProfileParams(paramsPayload(values, modified));
      setFieldErrors({});
      setMessage({ severity: 'success', text: translate('profile.saved') });
      load();
    } catch (failure) {
      const body = (failure as { body?: { code?: string; fields?: Record<string, string> | string[] } }).body;
      if (body?.code === 'CONTRACT_LEVEL') {
        setMessage({ severity: 'warning', text: translate('profile.upgrade_needed') });
      } else if (body?.fields && !Array.isArray(body.fields)) {
        setFieldErrors(
          Object.fromEntries(Object.entries(body.fields).map(([k, v]) => [k.replace(/^params\./, ''), v])),
        );
        setMessage({ severity: 'warning', text: translate('profile.invalid') });
      } else {
        setMessage({ severity: 'error', text: translate('app.error_generic') });
      }
    }
  };

  return (
    <Box>
      <Title title={translate('profile.title')} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {translate('profile.title')}
        </Typography>
        {issuer && (
          <Chip
            label={translate('profile.plan', { plan: translate(`plans.${issuer.profile.effectivePlan}`) })}
            variant="outlined"
          />
        )}
      </Box>
      <Tabs
        value={tab}
        onChange={(_, next: string) => navigate(`${PROFILE_PATH}/${next}`)}
        variant="scrollable"
        sx={{ borderBottom: 1, borderColor: 'divider', mb: 3 }}
      >
        {tabs.map((t) => (
          <Tab key={t} value={t} label={translate(`profile.tabs.${t}`)} />
        ))}
      </Tabs>
      {message && (
        <Alert severity={message.severity} onClose={() => setMessage(null)} sx={{ mb: 2 }}>
          {message.text}
        </Alert>
      )}
      {tab === VERIFICATION_TAB ? (
        issuer ? (
          <AccountVerificationForm />
        ) : (
          <Skeleton variant="rounded" height={240} sx={{ maxWidth: 820 }} />
        )
      ) : (
        <Card variant="outlined" sx={{ maxWidth: 820 }}>
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, p: { xs: 2.5, sm: 3.5 } }}>
            {!issuer ? (
              <Skeleton variant="rounded" height={240} />
            ) : (
              fieldsOfTab(tab as ProfileTab)
                .filter((key) => issuer.profile.fields[key].state !== 'unavailable')
                .map((key) => (
                  <ProfileField
                    key={key}
                    fieldKey={key}
                    issuer={issuer}
                    value={values[key]}
                    modified={modified.includes(key)}
                    error={fieldErrors[key]}
                    onChange={(value) => setValues({ ...values, [key]: value })}
                    onRestore={() => setValues({ ...values, [key]: loaded[key] })}
                  />
                ))
            )}
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <Button variant="contained" disabled={modified.length === 0} onClick={() => setConfirming(true)}>
                {translate('ra.action.save')}
              </Button>
              <Button color="inherit" disabled={modified.length === 0} onClick={() => setValues(loaded)}>
                {translate('app.cancel')}
              </Button>
              {modified.length > 0 && (
                <Typography variant="body2" color="text.secondary">
                  {translate('profile.modified_count', { count: modified.length })}
                </Typography>
              )}
            </Box>
          </CardContent>
        </Card>
      )}
      {tab !== VERIFICATION_TAB && <CorrectionSettingsCard />}
      <Confirm
        isOpen={confirming}
        title={translate('profile.confirm_title')}
        content={modified.map((key) => translate(`profile.fields.${key}`)).join(', ')}
        confirm={translate('ra.action.save')}
        onConfirm={() => void save()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}

function ProfileField(props: {
  fieldKey: ProfileParamKey;
  issuer: IssuerProfile;
  value: string | boolean | undefined;
  modified: boolean;
  error?: string;
  onChange: (value: string | boolean) => void;
  onRestore: () => void;
}) {
  const translate = useTranslate();
  const { openHelp } = useHelp();
  const lock = props.issuer.profile.fields[props.fieldKey];
  const editable = lock.state === 'editable';
  const label = translate(`profile.fields.${props.fieldKey}`);
  const hint =
    lock.state === 'upgrade'
      ? translate('profile.locked_upgrade', { plan: translate(`plans.${lock.minimumPlan}`) })
      : lock.state === 'support'
        ? translate('profile.locked_support')
        : lock.state === 'read_only'
          ? translate('profile.locked_identity')
          : props.error
            ? translate(`profile.errors.${props.error}`, { _: translate('profile.invalid_value') })
            : undefined;
  const action =
    lock.state === 'upgrade' ? (
      <Button size="small" component={RouterLink} to={MY_PLAN_PATH} sx={{ flex: 'none', mt: 1 }}>
        {translate('profile.see_plans')}
      </Button>
    ) : lock.state === 'support' ? (
      <Button
        size="small"
        sx={{ flex: 'none', mt: 1 }}
        onClick={() => openHelp({ type: 'question', object: translate('profile.support_object', { field: label }) })}
      >
        {translate('profile.contact')}
      </Button>
    ) : null;
  const input =
    lock.type === 'boolean' ? (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexGrow: 1 }}>
        <Switch
          checked={props.value === true}
          disabled={!editable}
          onChange={(e) => props.onChange(e.target.checked)}
          slotProps={{ input: { 'aria-label': label } }}
        />
        <Box>
          <Typography>{label}</Typography>
          {hint && (
            <Typography variant="caption" color={props.error ? 'error' : 'text.secondary'}>
              {hint}
            </Typography>
          )}
        </Box>
      </Box>
    ) : (
      <TextField
        select={lock.type === 'analytics_provider'}
        fullWidth
        label={label}
        value={props.value ?? ''}
        disabled={!editable}
        error={Boolean(props.error)}
        helperText={hint}
        // the hint says why a field is locked: readable (4.5:1) even though the field itself is greyed out
        slotProps={{ formHelperText: { sx: { '&.Mui-disabled': { color: 'text.secondary' } } } }}
        type={lock.type === 'email' ? 'email' : lock.type === 'phone' ? 'tel' : 'text'}
        multiline={props.fieldKey === 'description'}
        minRows={props.fieldKey === 'description' ? 3 : undefined}
        onChange={(e) => props.onChange(e.target.value)}
      >
        {lock.type === 'analytics_provider' &&
          ['', ...ANALYTICS_PROVIDERS].map((provider) => (
            <MenuItem key={provider || 'none'} value={provider}>
              {provider || translate('profile.none')}
            </MenuItem>
          ))}
      </TextField>
    );
  return (
    <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }} data-testid={`profile-field-${props.fieldKey}`}>
      {input}
      {action}
      <Box sx={{ width: 40, pt: 1, display: 'flex', justifyContent: 'center' }}>
        {props.modified ? (
          <Tooltip title={translate('profile.restore')}>
            <IconButton size="small" aria-label={`${translate('profile.restore')}: ${label}`} onClick={props.onRestore}>
              <RestoreIcon fontSize="small" color="primary" />
            </IconButton>
          </Tooltip>
        ) : (
          !editable && <LockIcon fontSize="small" color="disabled" aria-hidden="true" />
        )}
      </Box>
    </Box>
  );
}
