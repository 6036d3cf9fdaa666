import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';
import { correctionsReportPath } from '../../resources/certificates/paths';
import { IndicatorCard } from './IndicatorCard';

/**
 * How many recipients' correction requests wait for an answer (issue 28); shown only when some do and the user may
 * answer them (the list is refused to a Reader: the card then stays hidden). The card opens the report of the template
 * holding the oldest request, with the "Correction requested" filter on.
 */
export function PendingCorrectionsCard() {
  const translate = useTranslate();
  const dataProvider = useLaurelDataProvider();
  const pending = useQuery({
    queryKey: ['correctionRequests', 'pending'],
    queryFn: () => dataProvider.pendingCorrections(),
    retry: false,
  });
  if (!pending.data?.count) return null;
  const { count, oldestTemplateId } = pending.data;
  return (
    <IndicatorCard
      icon={<RateReviewIcon sx={{ fontSize: 40, color: 'warning.main' }} />}
      label={translate('dashboard.cards.corrections')}
      value={count}
      to={oldestTemplateId === null ? undefined : correctionsReportPath(oldestTemplateId)}
    />
  );
}
