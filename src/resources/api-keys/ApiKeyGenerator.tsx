import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import KeyIcon from '@mui/icons-material/VpnKeyOutlined';
import { Alert, Box, Button, Card, CardContent, IconButton, TextField, Tooltip, Typography } from '@mui/material';
import { useReducer, useState } from 'react';
import { useCreate, useNotify, useTranslate } from 'react-admin';
import type { CreatedApiKey } from '../../dataProvider/apiKeys';
import { canGenerate, generatorReducer } from './generatorState';

/** One generator card: INIT → WARN (typed word) → DONE (key shown once, copy, keep it safe). */
export function ApiKeyGenerator({
  levelKey,
  level,
  onGenerated,
}: {
  levelKey: string;
  level: number;
  onGenerated: () => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [state, dispatch] = useReducer(generatorReducer, { step: 'INIT' });
  const [pending, setPending] = useState(false);
  const [error, setError] = useState(false);
  const word = translate('apiKeys.confirm_word');
  const title = translate(`apiKeys.levels.${levelKey}.title`);

  const [create] = useCreate<CreatedApiKey>();
  const generate = async () => {
    setPending(true);
    setError(false);
    try {
      // the created record carries the key's secret: shown here once, never listed again
      const created = (await create('admin/api-keys', { data: { level } }, { returnPromise: true })) as CreatedApiKey;
      dispatch({ type: 'generated', key: created.token });
      onGenerated();
    } catch {
      setError(true);
    } finally {
      setPending(false);
    }
  };

  return (
    <Card variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }} data-testid={`generator-${levelKey}`}>
      <CardContent sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <KeyIcon color="primary" fontSize="small" />
          <Typography variant="subtitle1" component="h3" fontWeight={600}>
            {title}
          </Typography>
        </Box>
        <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
          {translate(`apiKeys.levels.${levelKey}.description`)}
        </Typography>
        {state.step === 'INIT' && (
          <Button variant="outlined" onClick={() => dispatch({ type: 'ask' })} sx={{ alignSelf: 'flex-start' }}>
            {translate('apiKeys.generate')}
          </Button>
        )}
        {state.step === 'WARN' && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <Alert severity="warning">{translate('apiKeys.warn')}</Alert>
            <TextField
              size="small"
              autoFocus
              label={translate('app.type_confirm_word', { word })}
              value={state.typed}
              onChange={(e) => dispatch({ type: 'type', text: e.target.value })}
              slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
            />
            {error && <Alert severity="error">{translate('app.error_generic')}</Alert>}
            <Box sx={{ display: 'flex', gap: 1 }}>
              <Button color="inherit" onClick={() => dispatch({ type: 'not_sure' })}>
                {translate('apiKeys.not_sure')}
              </Button>
              <Button
                variant="contained"
                disabled={!canGenerate(state, word) || pending}
                onClick={() => void generate()}
              >
                {translate('apiKeys.generate')}
              </Button>
            </Box>
          </Box>
        )}
        {state.step === 'DONE' && (
          <Box sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
            <Alert severity="success">{translate('apiKeys.done')}</Alert>
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, bgcolor: 'action.hover', borderRadius: 1, p: 1 }}>
              <Typography
                data-testid="api-key"
                sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all', flexGrow: 1 }}
              >
                {state.key}
              </Typography>
              <Tooltip title={translate('apiKeys.copy')}>
                <IconButton
                  aria-label={translate('apiKeys.copy')}
                  onClick={() =>
                    navigator.clipboard
                      .writeText(state.key)
                      .then(() => notify('apiKeys.copied', { type: 'info' }))
                      .catch((failure: unknown) => console.error('copy failed', failure))
                  }
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </Box>
            <Alert severity="warning">{translate('apiKeys.keep_safe')}</Alert>
            <Button onClick={() => dispatch({ type: 'close' })} sx={{ alignSelf: 'flex-start' }}>
              {translate('apiKeys.hide')}
            </Button>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
