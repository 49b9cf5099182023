// GET and PUT /api/safety.php: which chat photos that may be explicit arrive blurred (docs/safety.md).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SafetySettings } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const safetySettingsKeys = { all: ['safety-settings'] as const };

export const useSafetySettings = () =>
  useQuery({
    queryKey: safetySettingsKeys.all,
    queryFn: () => apiRequest('safety.php', { response: 'safetySettingsResponseSchema' }),
    staleTime: 60_000,
    select: (data) => data.settings,
  });

export function useUpdateSafetySettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SafetySettings) =>
      apiRequest('safety.php', { method: 'PUT', body, response: 'safetySettingsResponseSchema' }),
    onSuccess: (data) => client.setQueryData(safetySettingsKeys.all, data),
  });
}
