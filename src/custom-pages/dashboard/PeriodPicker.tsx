import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Box, Button, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useTranslate } from 'react-admin';
import { lastDays, periodShortcut, PERIOD_SHORTCUTS, type Period } from '../../../domain/dashboard';

/**
 * The period's date range with the shortcuts of spec 000 section 9 (the campaigns page's range, whose bounds
 * are both required here) and the reset-period button.
 */
export function PeriodPicker({
  period,
  onChange,
  onReset,
}: {
  period: Period;
  onChange: (period: Period) => void;
  onReset: () => void;
}) {
  const translate = useTranslate();
  const shortcut = periodShortcut(period);
  const change = (next: Partial<Period>) => {
    const merged = { ...period, ...next };
    // an emptied or reversed bound is ignored: the period always has two days in order
    if (merged.startDate !== '' && merged.endDate !== '' && merged.startDate <= merged.endDate) onChange(merged);
  };
  return (
    <Box
      sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}
      role="group"
      aria-label={translate('dashboard.period')}
    >
      <TextField
        type="date"
        size="small"
        label={translate('dashboard.start_date')}
        value={period.startDate}
        onChange={(event) => change({ startDate: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: period.endDate } }}
        sx={{ bgcolor: 'background.paper' }}
      />
      <TextField
        type="date"
        size="small"
        label={translate('dashboard.end_date')}
        value={period.endDate}
        onChange={(event) => change({ endDate: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: period.startDate } }}
        sx={{ bgcolor: 'background.paper' }}
      />
      <ToggleButtonGroup
        size="small"
        exclusive
        value={shortcut}
        onChange={(_, days: number | null) => days !== null && onChange(lastDays(days))}
        aria-label={translate('dashboard.shortcuts')}
      >
        {PERIOD_SHORTCUTS.map((days) => (
          <ToggleButton key={days} value={days}>
            {translate(`dashboard.last_${days}`)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <Button size="small" startIcon={<RestartAltIcon />} onClick={onReset}>
        {translate('dashboard.reset_period')}
      </Button>
    </Box>
  );
}
