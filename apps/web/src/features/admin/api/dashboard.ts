// The console's dashboard: per-day counts of the last 30 days (GET /api/admin/dashboard).
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export function useDashboard() {
  return useQuery({
    queryKey: ['admin', 'dashboard'],
    queryFn: () => apiRequest('/api/admin/dashboard', { response: 'adminDashboardResponseSchema' }),
  });
}
