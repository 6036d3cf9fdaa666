import { Card, CardContent, FormControlLabel, FormHelperText, Switch, Typography } from '@mui/material';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNotify, useTranslate } from 'react-admin';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';

const KEY = ['correctionSettings'];

/**
 * The issuer's automatic approval of small name corrections asked by recipients (issue 28), off by default; saved
 * at once (the page is the Administrators').
 */
export function CorrectionSettingsCard() {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useLaurelDataProvider();
  const queryClient = useQueryClient();
  const settings = useQuery({ queryKey: KEY, queryFn: () => dataProvider.correctionSettings(), retry: false });
  const change = useMutation({
    mutationFn: (autoApprove: boolean) => dataProvider.setCorrectionSettings(autoApprove),
    onSuccess: (saved) => {
      queryClient.setQueryData(KEY, saved);
      notify('profile.corrections.saved', { type: 'info' });
    },
    onError: () => notify('profile.corrections.failed', { type: 'warning' }),
  });
  if (!settings.data) return null;
  return (
    <Card variant="outlined" sx={{ maxWidth: 820, mt: 2 }}>
      <CardContent sx={{ p: { xs: 2.5, sm: 3.5 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {translate('profile.corrections.title')}
        </Typography>
        <FormControlLabel
          control={
            <Switch
              checked={settings.data.autoApprove}
              disabled={change.isPending}
              onChange={(event) => change.mutate(event.target.checked)}
              inputProps={{ 'aria-describedby': 'corrections-auto-help' }}
            />
          }
          label={translate('profile.corrections.auto')}
        />
        <FormHelperText id="corrections-auto-help">{translate('profile.corrections.auto_help')}</FormHelperText>
      </CardContent>
    </Card>
  );
}
