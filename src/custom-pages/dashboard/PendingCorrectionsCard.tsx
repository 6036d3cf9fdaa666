import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { IndicatorCard } from './IndicatorCard';

/**
 * How many recipients' correction requests wait for an answer (issue 28); shown only when some do and the user may
 * answer them (the list is refused to a Reader: the card then stays hidden).
 */
export function PendingCorrectionsCard() {
  const translate = useTranslate();
  const dataProvider = useLaurelDataProvider();
  const pending = useQuery({
    queryKey: ['correctionRequests', 'pendingCount'],
    queryFn: () => dataProvider.countPendingCorrections(),
    retry: false,
  });
  if (!pending.data) return null;
  return (
    <IndicatorCard
      icon={<RateReviewIcon sx={{ fontSize: 40, color: 'warning.main' }} />}
      label={translate('dashboard.cards.corrections')}
      value={pending.data}
    />
  );
}
