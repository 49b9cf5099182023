// GET /api/admin/risk and the Risk queue's actions (docs/safety.md, "Risk"): useAdminRisk, useRiskAction.
import { useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminKeys } from './admin-keys.ts';

export const adminRiskKeys = { all: [...adminKeys.all, 'risk'] as const };

export function useAdminRisk() {
  return useInfiniteQuery({
    queryKey: adminRiskKeys.all,
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      apiRequest('/api/admin/risk', { query: { cursor: pageParam }, response: 'adminRiskListResponseSchema' }),
    getNextPageParam: (last) => last.next_cursor,
  });
}

export type RiskAction = 'clear' | 'warn' | 'refuse';

export function useRiskAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ userId, action }: { userId: number; action: RiskAction }) => {
      if (action === 'warn') {
        await apiRequest(`/api/admin/risk/${userId}/warn`, {
          method: 'POST',
          body: {},
          response: 'adminSuccessSchema',
        });
        return { delivered: 0, refused: 0 };
      }
      return apiRequest(`/api/admin/risk/${userId}/${action}`, {
        method: 'POST',
        body: {},
        response: 'adminRiskDecisionResponseSchema',
      });
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adminRiskKeys.all }),
  });
}
