import { Alert, AlertTitle, Box, Stack, Typography } from '@mui/material';
import { useTranslate } from 'react-admin';
import type { ImportAlert } from './importState';

/** Each error as an alert: its translated title and explanation, then the cells or rows at fault. */
export function ImportAlerts({ errors }: { errors: readonly ImportAlert[] }) {
  const translate = useTranslate();
  return (
    <Stack spacing={1.5}>
      {errors.map((error) => (
        <Alert key={error.code} severity="error" data-code={error.code}>
          <AlertTitle>{translate(`publication.errors.${error.code}.title`)}</AlertTitle>
          <Typography variant="body2">{translate(`publication.errors.${error.code}.explanation`)}</Typography>
          {error.details.length > 0 && (
            <Box
              component="ul"
              aria-label={translate('publication.error_details')}
              sx={{ m: 0, mt: 1, pl: 2.5, fontFamily: 'monospace', fontSize: '0.8125rem', wordBreak: 'break-word' }}
            >
              {error.details.map((line, i) => (
                <li key={i}>{line}</li>
              ))}
            </Box>
          )}
          {error.more > 0 && (
            <Typography variant="body2" sx={{ mt: 0.5, fontStyle: 'italic' }}>
              {translate('publication.more', { count: error.more })}
            </Typography>
          )}
        </Alert>
      ))}
    </Stack>
  );
}
