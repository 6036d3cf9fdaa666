import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { Button } from '@mui/material';
import { useTranslate } from 'react-admin';
import { PERIOD_SHORTCUTS, type Period } from '../../../domain/dashboard';
import { DateRangeFields } from '../../components/DateRangeFields';

/** The period's date range with the shortcuts of spec 000 section 9 (both bounds required) and the reset button. */
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
  return (
    <DateRangeFields
      range={period}
      shortcuts={PERIOD_SHORTCUTS}
      required
      onChange={onChange}
      labels={{
        group: translate('dashboard.period'),
        start: translate('dashboard.start_date'),
        end: translate('dashboard.end_date'),
        shortcuts: translate('dashboard.shortcuts'),
        shortcut: (days) => translate(`dashboard.last_${days}`),
      }}
    >
      <Button size="small" startIcon={<RestartAltIcon />} onClick={onReset}>
        {translate('dashboard.reset_period')}
      </Button>
    </DateRangeFields>
  );
}
