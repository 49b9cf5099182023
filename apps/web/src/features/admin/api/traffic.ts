// Paid traffic in the console (docs/traffic.md): the report (JSON, and its CSV's address), networks (every role
// reads; admins add, edit, delete), the postback delivery log (keyset pages by `before`; admins resend) and lander
// experiments (every role reads; admins set a lander's variants).
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  adminExperimentInputSchema,
  adminNetworkInputSchema,
  PostbackStatus,
  TrafficReportGroup,
} from '@app/contracts';
import type { z } from 'zod';
import { apiRequest, buildUrl } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export type TrafficReportFilter = { from: string; to: string; by: TrafficReportGroup; site: number | null };

/** Everything under `all`; a network change refreshes the networks and the log (which names them). */
export const adminTrafficKeys = {
  all: [...adminKeys.all, 'traffic'] as const,
  report: (filter: TrafficReportFilter) => [...adminTrafficKeys.all, 'report', filter] as const,
  networks: () => [...adminTrafficKeys.all, 'networks'] as const,
  postbacks: () => [...adminTrafficKeys.all, 'postbacks'] as const,
  postbackList: (status: PostbackStatus | '', network: number | null) =>
    [...adminTrafficKeys.postbacks(), status, network] as const,
  experiments: () => [...adminTrafficKeys.all, 'experiments'] as const,
};

const reportQuery = (filter: TrafficReportFilter) => ({
  from: filter.from,
  to: filter.to,
  by: filter.by,
  site: filter.site ?? undefined,
});

/** The same report as a CSV file (the server answers it as a download). */
export const trafficReportCsvUrl = (filter: TrafficReportFilter) =>
  buildUrl('/api/admin/traffic/report', { ...reportQuery(filter), format: 'csv' });

export function useTrafficReport(filter: TrafficReportFilter, isEnabled: boolean) {
  return useQuery({
    queryKey: adminTrafficKeys.report(filter),
    queryFn: () =>
      apiRequest('/api/admin/traffic/report', {
        query: reportQuery(filter),
        response: 'adminTrafficReportResponseSchema',
      }),
    enabled: isEnabled,
  });
}

export function useTrafficNetworks() {
  return useQuery({
    queryKey: adminTrafficKeys.networks(),
    queryFn: () => apiRequest('/api/admin/traffic/networks', { response: 'adminNetworksResponseSchema' }),
  });
}

export type NetworkInput = z.output<typeof adminNetworkInputSchema>;

function useRefreshNetworks() {
  const queryClient = useQueryClient();
  return () =>
    queryClient
      .invalidateQueries({ queryKey: adminTrafficKeys.networks() })
      .then(() => queryClient.invalidateQueries({ queryKey: adminTrafficKeys.postbacks() }));
}

export function useSaveNetwork(id: number | null) {
  const refresh = useRefreshNetworks();
  return useMutation({
    mutationFn: (body: NetworkInput) =>
      id === null
        ? apiRequest('/api/admin/traffic/networks', { method: 'POST', body, response: 'adminNetworkResponseSchema' })
        : apiRequest(`/api/admin/traffic/networks/${id}`, {
            method: 'PUT',
            body,
            response: 'adminNetworkResponseSchema',
          }),
    onSuccess: refresh,
  });
}

export function useDeleteNetwork() {
  const refresh = useRefreshNetworks();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/admin/traffic/networks/${id}`, { method: 'DELETE', response: 'adminSuccessSchema' }),
    onSuccess: refresh,
  });
}

/** Newest first; the next page is the rows before the last one shown (`next_before`). */
export function useTrafficPostbacks(status: PostbackStatus | '', network: number | null) {
  return useInfiniteQuery({
    queryKey: adminTrafficKeys.postbackList(status, network),
    initialPageParam: null as number | null,
    queryFn: ({ pageParam }) =>
      apiRequest('/api/admin/traffic/postbacks', {
        query: { status: status || undefined, network, before: pageParam },
        response: 'adminPostbacksResponseSchema',
      }),
    getNextPageParam: (last) => last.next_before,
  });
}

export function useResendPostback() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) =>
      apiRequest(`/api/admin/traffic/postbacks/${id}/resend`, {
        method: 'POST',
        response: 'adminPostbackResponseSchema',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTrafficKeys.postbacks() }),
  });
}

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

export type ExperimentInput = z.output<typeof adminExperimentInputSchema>;

export function useSaveExperiment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ lander, body }: { lander: string; body: ExperimentInput }) =>
      apiRequest(`/api/admin/traffic/experiments/${encodeURIComponent(lander)}`, {
        method: 'PUT',
        body,
        response: 'adminExperimentResponseSchema',
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminTrafficKeys.experiments() }),
  });
}
