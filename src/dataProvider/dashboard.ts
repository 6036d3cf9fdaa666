import type { Period } from '../../domain/dashboard';
import { apiRequest } from './apiRequest';

/** GET /api/admin/stats and GET /api/admin/activity (spec 000 section 7). */
export const dashboardMethods = {
  getDashboardStats: async () => (await apiRequest('/api/admin/stats', 'get')).body,
  getDashboardActivity: async ({ startDate, endDate }: Period) =>
    (await apiRequest('/api/admin/activity', 'get', { query: { startDate, endDate } })).body,
};
