import { useEffect, useState } from 'react';
import type { ActivityItem, IssuerStats, Period } from '../../../domain/dashboard';
import { dashboardCalls } from './dashboardCalls';

export type DashboardLoad =
  { status: 'loading' } | { status: 'failed' } | { status: 'loaded'; stats: IssuerStats[]; activity: ActivityItem[] };

/**
 * The dashboard's states of spec 000 section 4: loading, then loaded; reloaded whenever the period or `reload`
 * changes (the page bumps it on a period reset). The previous figures stay shown while the next ones load.
 */
export function useDashboardData(period: Period, reload: number): { load: DashboardLoad; refreshing: boolean } {
  const [load, setLoad] = useState<DashboardLoad>({ status: 'loading' });
  const [refreshing, setRefreshing] = useState(true);

  useEffect(() => {
    let active = true;
    setRefreshing(true);
    Promise.all([dashboardCalls.stats(), dashboardCalls.activity(period)])
      .then(([stats, activity]) => active && setLoad({ status: 'loaded', stats, activity }))
      .catch(() => active && setLoad({ status: 'failed' }))
      .finally(() => active && setRefreshing(false));
    return () => {
      active = false;
    };
  }, [period, reload]);

  return { load, refreshing };
}
