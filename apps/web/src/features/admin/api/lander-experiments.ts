// GET /api/admin/traffic/experiments: useLanderExperiments (the console's traffic).
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminTrafficKeys } from './admin-traffic-keys.ts';

/**
 * Every site's experiments at once (a few per site), filtered on the screen: one request serves the site picker's
 * every choice and the read-only overview of roles that cannot list sites.
 */
export function useLanderExperiments() {
  return useQuery({
    queryKey: adminTrafficKeys.experiments(),
    queryFn: () => apiRequest('/api/admin/traffic/experiments', { response: 'adminExperimentsResponseSchema' }),
  });
}
