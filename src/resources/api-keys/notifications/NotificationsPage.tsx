import SendIcon from '@mui/icons-material/SendOutlined';
import { Alert, Box, Button, Card, CardContent, MenuItem, Skeleton, TextField, Typography } from '@mui/material';
import { useEffect, useState } from 'react';
import { Confirm, Title, useRefresh, useTranslate } from 'react-admin';
import {
  CAMPAIGN_ID_PLACEHOLDER,
  NOTIFICATION_METHODS,
  validateNotificationConfig,
  type NotificationConfig,
} from '../../../../domain/notifications';
import { useLaurelDataProvider } from '../../../dataProvider/useLaurelDataProvider';
import { AdminTabs } from '../../../components/AdminTabs';
import { DeliveryLog } from './DeliveryLog';
import { SigningSecretCard } from './SigningSecretCard';

const EMPTY: NotificationConfig = { url: '', method: 'POST', content: '' };

type Message = { severity: 'success' | 'error'; key: string } | null;

/**
 * The notification webhook (spec 000 section 2.9): method, URL, content; Save behind a confirmation, Cancel, Test;
 * then its signing secret and its delivery log (issue 17, point 13).
 */
export function NotificationsPage() {
  const translate = useTranslate();
  const dataProvider = useLaurelDataProvider();
  const refresh = useRefresh();
  const [saved, setSaved] = useState<NotificationConfig | null>(null);
  const [config, setConfig] = useState<NotificationConfig>(EMPTY);
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const [message, setMessage] = useState<Message>(null);

  useEffect(() => {
    dataProvider
      .getNotificationConfig()
      .then((notification) => {
        const loaded = notification ? { ...EMPTY, ...notification } : EMPTY;
        setSaved(loaded);
        setConfig(loaded);
      })
      .catch(() => setMessage({ severity: 'error', key: 'app.error_generic' }));
  }, [dataProvider]);

  const errors = validateNotificationConfig(config);
  const valid = Object.keys(errors).length === 0;
  const changed = saved !== null && JSON.stringify(saved) !== JSON.stringify(config);

  const save = async () => {
    setConfirming(false);
    setPending(true);
    try {
      const notification =
        config.url.trim() === ''
          ? null
          : { ...config, url: config.url.trim(), content: config.method === 'POST' ? config.content : '' };
      await dataProvider.saveNotificationConfig(notification);
      const next = notification ?? EMPTY;
      setSaved(next);
      setConfig(next);
      setMessage({ severity: 'success', key: 'notifications.update_ok' });
    } catch {
      setMessage({ severity: 'error', key: 'notifications.update_failed' });
    } finally {
      setPending(false);
    }
  };

  const test = async () => {
    setPending(true);
    try {
      const ok = await dataProvider.testNotification();
      setMessage(
        ok
          ? { severity: 'success', key: 'notifications.test_ok' }
          : { severity: 'error', key: 'notifications.test_failed' },
      );
    } catch {
      setMessage({ severity: 'error', key: 'notifications.test_failed' });
    } finally {
      setPending(false);
      // the call is in the delivery log now
      refresh();
    }
  };

  return (
    <Box>
      <Title title={translate('notifications.title')} />
      <AdminTabs />
      {message && (
        <Alert severity={message.severity} onClose={() => setMessage(null)} sx={{ mb: 2 }}>
          {translate(message.key)}
        </Alert>
      )}
      <Card variant="outlined" sx={{ maxWidth: 760 }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2.5, p: { xs: 2.5, sm: 3.5 } }}>
          <Typography color="text.secondary">
            {translate('notifications.intro', { placeholder: CAMPAIGN_ID_PLACEHOLDER })}
          </Typography>
          {saved === null ? (
            <Skeleton variant="rounded" height={220} />
          ) : (
            <>
              <TextField
                select
                label={translate('notifications.method')}
                value={config.method}
                onChange={(e) => setConfig({ ...config, method: e.target.value as NotificationConfig['method'] })}
                sx={{ maxWidth: 200 }}
              >
                {NOTIFICATION_METHODS.map((method) => (
                  <MenuItem key={method} value={method}>
                    {method}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label={translate('notifications.url')}
                value={config.url}
                onChange={(e) => setConfig({ ...config, url: e.target.value })}
                error={Boolean(errors.url)}
                helperText={translate(errors.url ? `notifications.errors.${errors.url}` : 'notifications.url_hint', {
                  placeholder: CAMPAIGN_ID_PLACEHOLDER,
                })}
                placeholder="https://example.org/hooks/laurel?campaign=${campaignId}"
                fullWidth
              />
              {config.method === 'POST' && (
                <TextField
                  label={translate('notifications.content')}
                  value={config.content}
                  onChange={(e) => setConfig({ ...config, content: e.target.value })}
                  error={Boolean(errors.content)}
                  helperText={translate(
                    errors.content ? `notifications.errors.${errors.content}` : 'notifications.content_hint',
                    { placeholder: CAMPAIGN_ID_PLACEHOLDER },
                  )}
                  placeholder={'{ "campaign": "${campaignId}" }'}
                  multiline
                  minRows={4}
                  fullWidth
                  slotProps={{ htmlInput: { style: { fontFamily: 'monospace', fontSize: 14 }, spellCheck: false } }}
                />
              )}
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button
                  variant="contained"
                  disabled={!changed || !valid || pending}
                  onClick={() => setConfirming(true)}
                >
                  {translate('ra.action.save')}
                </Button>
                <Button color="inherit" disabled={!changed || pending} onClick={() => saved && setConfig(saved)}>
                  {translate('app.cancel')}
                </Button>
                <Box sx={{ flexGrow: 1 }} />
                <Button
                  startIcon={<SendIcon />}
                  disabled={changed || pending || saved.url === ''}
                  onClick={() => void test()}
                >
                  {translate('notifications.test')}
                </Button>
              </Box>
            </>
          )}
        </CardContent>
      </Card>
      <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3, mt: 3 }}>
        <SigningSecretCard />
        <DeliveryLog />
      </Box>
      <Confirm
        isOpen={confirming}
        title={translate('notifications.confirm_title')}
        content={translate('notifications.confirm_body')}
        confirm={translate('ra.action.save')}
        onConfirm={() => void save()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
