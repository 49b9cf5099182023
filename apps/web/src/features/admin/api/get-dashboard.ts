// GET /api/admin/dashboard: useDashboard (the console's dashboard).
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { dashboardKeys } from './dashboard-keys.ts';

export function useDashboard() {
  return useQuery({
    queryKey: dashboardKeys.all,
    queryFn: () => apiRequest('/api/admin/dashboard', { response: 'adminDashboardResponseSchema' }),
  });
}
