import CopyIcon from '@mui/icons-material/ContentCopy';
import KeyIcon from '@mui/icons-material/KeyOutlined';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  IconButton,
  InputAdornment,
  Skeleton,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Confirm, useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useLaurelDataProvider } from '../../../dataProvider/useLaurelDataProvider';

const SECRET_QUERY = ['notifications', 'secret'];

/**
 * The issuer's webhook signing secret (issue 17, point 13): when it was made, and a rotation behind a confirmation
 * whose answer is the only time the secret is shown, with a copy button.
 */
export function SigningSecretCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const dataProvider = useLaurelDataProvider();
  const queryClient = useQueryClient();
  const state = useQuery({ queryKey: SECRET_QUERY, queryFn: () => dataProvider.getWebhookSecretState() });
  const [confirming, setConfirming] = useState(false);
  const [shown, setShown] = useState<string | null>(null);
  const rotate = useMutation({
    mutationFn: () => dataProvider.rotateWebhookSecret(),
    onSuccess: ({ secret }) => {
      setConfirming(false);
      setShown(secret);
      void queryClient.invalidateQueries({ queryKey: SECRET_QUERY });
    },
    onError: () => {
      setConfirming(false);
      notify('notifications.secret.failed', { type: 'error' });
    },
  });
  const copy = () =>
    shown &&
    navigator.clipboard.writeText(shown).then(
      () => notify('notifications.secret.copied', { type: 'info' }),
      () => notify('notifications.secret.copy_failed', { type: 'warning' }),
    );
  const exists = state.data?.exists === true;

  return (
    <Card variant="outlined" sx={{ maxWidth: 760 }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, p: { xs: 2.5, sm: 3.5 } }}>
        <Typography variant="h6" component="h2" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <KeyIcon color="action" /> {translate('notifications.secret.title')}
        </Typography>
        <Typography color="text.secondary">{translate('notifications.secret.intro')}</Typography>
        {state.isPending ? (
          <Skeleton variant="rounded" height={40} />
        ) : (
          <Typography>
            {exists && state.data?.createdAt
              ? translate('notifications.secret.made_on', {
                  date: new Date(state.data.createdAt).toLocaleString(locale, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  }),
                })
              : translate('notifications.secret.none')}
          </Typography>
        )}
        {shown && (
          <Alert
            severity="warning"
            onClose={() => setShown(null)}
            sx={{ '& .MuiAlert-message': { flexGrow: 1, minWidth: 0 } }}
          >
            <Typography sx={{ mb: 1.5 }}>{translate('notifications.secret.shown_once')}</Typography>
            <TextField
              label={translate('notifications.secret.label')}
              value={shown}
              fullWidth
              size="small"
              onFocus={(event) => event.target.select()}
              slotProps={{
                htmlInput: { readOnly: true, spellCheck: false, style: { fontFamily: 'monospace', fontSize: 14 } },
                input: {
                  endAdornment: (
                    <InputAdornment position="end">
                      <Tooltip title={translate('notifications.secret.copy')}>
                        <IconButton
                          edge="end"
                          onClick={() => void copy()}
                          aria-label={translate('notifications.secret.copy')}
                        >
                          <CopyIcon fontSize="small" />
                        </IconButton>
                      </Tooltip>
                    </InputAdornment>
                  ),
                },
              }}
            />
          </Alert>
        )}
        <Box>
          <Button
            variant="outlined"
            disabled={state.isPending || rotate.isPending}
            onClick={() => (exists ? setConfirming(true) : rotate.mutate())}
          >
            {translate(exists ? 'notifications.secret.rotate' : 'notifications.secret.create')}
          </Button>
        </Box>
      </CardContent>
      <Confirm
        isOpen={confirming}
        loading={rotate.isPending}
        title={translate('notifications.secret.confirm_title')}
        content={translate('notifications.secret.confirm_body')}
        confirm={translate('notifications.secret.rotate')}
        onConfirm={() => rotate.mutate()}
        onClose={() => setConfirming(false)}
      />
    </Card>
  );
}
