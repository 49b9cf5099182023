// PUT /api/admin/traffic/experiments/:lander: useSaveExperiment (the console's lander experiments).
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { adminExperimentInputSchema } from '@app/contracts';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { adminTrafficKeys } from './admin-traffic-keys.ts';

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
