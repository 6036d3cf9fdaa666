import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ActivityItem, IssuerStats, Period } from '../../../domain/dashboard';
import { useLaurelDataProvider } from '../../dataProvider/useLaurelDataProvider';

export type DashboardLoad =
  { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; stats: IssuerStats[]; activity: ActivityItem[] };

/**
 * The dashboard's states of spec 000 section 4: loading, then loaded; reloaded whenever the period or `reload`
 * changes (the page bumps it on a period reset). The previous figures stay shown while the next ones load.
 */
export function useDashboardData(period: Period, reload: number): { load: DashboardLoad; refreshing: boolean } {
  const dataProvider = useLaurelDataProvider();
  const query = useQuery({
    queryKey: ['dashboard', period.startDate, period.endDate, reload],
    queryFn: async () => {
      const [stats, activity] = await Promise.all([
        dataProvider.getDashboardStats(),
        dataProvider.getDashboardActivity(period),
      ]);
      return { stats, activity };
    },
    placeholderData: keepPreviousData,
  });
  const load: DashboardLoad = query.isError
    ? { status: 'failed' }
    : query.data
      ? { status: 'loaded', ...query.data }
      : { status: 'loading' };
  return { load, refreshing: query.isFetching };
}
