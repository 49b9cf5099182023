// The console's dashboard: per-day counts of the last 30 days (GET /api/admin/dashboard).
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export const dashboardKeys = { all: [...adminKeys.all, 'dashboard'] as const };

export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: () => apiRequest('/api/admin/dashboard', { response: 'adminDashboardResponseSchema' }),
  });
}
