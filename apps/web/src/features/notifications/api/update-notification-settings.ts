// PUT /api/notifications.php: saves any subset of the switches at once (optimistically), or resumes stopped mail.
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  NotificationSettings,
  NotificationSettingsResponse,
  UpdateNotificationSettingsRequest,
  User,
} from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { userKeys } from '../../../lib/session/get-user.ts';
import { ownProfileKeys } from '../../../lib/session/get-own-profile.ts';
import { STORAGE_KEYS, removeItem } from '../../../lib/storage.ts';
import { notificationSettingsKeys } from './get-notification-settings.ts';

export const updateNotificationSettings = (body: UpdateNotificationSettingsRequest) =>
  apiRequest('notifications.php', { method: 'PUT', body, response: 'notificationSettingsResponseSchema' });

/** The settings as they look once `change` is applied (what the switches show while the request runs). */
export function applySettingsChange(
  settings: NotificationSettings,
  change: UpdateNotificationSettingsRequest,
): NotificationSettings {
  const preferences = { ...settings.preferences };
  for (const [type, channels] of Object.entries(change.preferences ?? {}) as [
    keyof typeof preferences,
    Partial<{ email: boolean; push: boolean }> | undefined,
  ][]) {
    if (channels) preferences[type] = { ...preferences[type], ...channels };
  }
  return {
    preferences,
    invisible: change.invisible ?? settings.invisible,
    show_in_ads: change.show_in_ads ?? settings.show_in_ads,
    private_visits: change.private_visits ?? settings.private_visits,
    notifications_disabled: change.resume_mail ? [] : settings.notifications_disabled,
  };
}

const updateKey = [...notificationSettingsKeys.all, 'update'] as const;

export function useUpdateNotificationSettings() {
  const queryClient = useQueryClient();
  /** Switches flipped quickly send overlapping requests: only the last one to finish writes its answer. */
  const isLastPending = () => queryClient.isMutating({ mutationKey: updateKey }) <= 1;
  return useMutation({
    mutationKey: updateKey,
    mutationFn: updateNotificationSettings,
    onMutate: async (change) => {
      await queryClient.cancelQueries({ queryKey: notificationSettingsKeys.all });
      const previous = queryClient.getQueryData<NotificationSettingsResponse>(notificationSettingsKeys.all);
      if (previous)
        queryClient.setQueryData(notificationSettingsKeys.all, {
          settings: applySettingsChange(previous.settings, change),
        });
      return { previous };
    },
    onError: (_error, _change, context) => {
      if (!isLastPending()) return;
      if (context?.previous) queryClient.setQueryData(notificationSettingsKeys.all, context.previous);
      // What the server holds wins over what this page guessed.
      void queryClient.invalidateQueries({ queryKey: notificationSettingsKeys.all });
    },
    onSuccess: (answer, change) => {
      if (isLastPending()) queryClient.setQueryData(notificationSettingsKeys.all, answer);
      // The user carries notifications_disabled (the alert), the own profile the invisible flag.
      queryClient.setQueryData<User | null>(userKeys.all, (user) =>
        user ? { ...user, notifications_disabled: answer.settings.notifications_disabled } : user,
      );
      if (change.invisible !== undefined) void queryClient.invalidateQueries({ queryKey: ownProfileKeys.all });
      // Mail that stops again later is a new problem: its alert shows again even if this one was dismissed.
      if (change.resume_mail) removeItem(STORAGE_KEYS.disabledNotificationsAlert);
    },
  });
}
