import type { ActivityItem, IssuerStats, Period } from '../../domain/dashboard';
import { apiFetch } from './httpClient';

/** GET /api/admin/stats and GET /api/admin/activity (spec 000 section 7). */
export const dashboardMethods = {
  getDashboardStats: async () => (await apiFetch<IssuerStats[]>('/api/admin/stats')).body,
  getDashboardActivity: async ({ startDate, endDate }: Period) =>
    (await apiFetch<ActivityItem[]>(`/api/admin/activity?${new URLSearchParams({ startDate, endDate })}`)).body,
};
