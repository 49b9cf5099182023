// The member's notification settings (GET / PUT /api/notifications.php): e-mail and push per type, invisible mode,
// showing the profile in the site's ads, and resuming mail after a bounce or complaint; and one type's e-mail choice
// (the unsubscribe link's).
import {
  NOTIFICATION_TYPES,
  type NotificationSettings,
  type NotificationType,
  type UpdateNotificationSettingsRequest,
} from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import type { StoredNotificationPreferences } from '../../db/schema/index.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';
import { setProfileVisibility } from '../profiles/index.ts';
import type { NotificationsRepository } from './notifications.repository.ts';
import { effectivePreferences, isMarketing, isPushType } from './preferences.ts';

type SettingsDeps = {
  repo: Pick<
    NotificationsRepository,
    'findPreferences' | 'findAccountState' | 'lockSettings' | 'savePreferences' | 'transaction'
  >;
  outbox: Pick<Outbox, 'transaction'>;
  /** The account's mail stop reasons (accounts owns `users`), cleared in this module's transaction. */
  accounts: { clearNotificationsDisabled: (tx: Executor, userId: number) => Promise<void> };
  now: () => Date;
};

/** The stored choices with the request's changes; whether marketing mail was switched on (a consent). */
function mergeChoices(
  stored: StoredNotificationPreferences,
  changes: NonNullable<UpdateNotificationSettingsRequest['preferences']>,
): { next: StoredNotificationPreferences; hasConsented: boolean } {
  const next: StoredNotificationPreferences = { ...stored };
  let hasConsented = false;
  for (const type of NOTIFICATION_TYPES) {
    const change = changes[type];
    if (!change) continue;
    const entry = { ...next[type] };
    if (change.email !== undefined) {
      entry.email = change.email;
      if (change.email && isMarketing(type)) hasConsented = true;
    }
    // Push exists only for some types; a switch sent for another is ignored.
    if (change.push !== undefined && isPushType(type)) entry.push = change.push;
    next[type] = entry;
  }
  return { next, hasConsented };
}

export function createNotificationSettingsService(deps: SettingsDeps) {
  const { repo } = deps;

  async function getSettings(userId: number): Promise<NotificationSettings> {
    const [stored, account] = await Promise.all([repo.findPreferences(userId), repo.findAccountState(userId)]);
    return {
      preferences: effectivePreferences(stored),
      invisible: account?.isInvisible ?? false,
      show_in_ads: account?.showInAds ?? false,
      private_visits: account?.privateVisits ?? false,
      notifications_disabled: account?.notificationsDisabled ?? [],
    };
  }

  return {
    getSettings,

    /**
     * PUT /api/notifications.php: saved at once, in one transaction (the preferences, the profile's invisible,
     * show-in-ads and private-visits flags, resumed mail); marketing switched on records the consent's time.
     */
    async updateSettings(userId: number, input: UpdateNotificationSettingsRequest): Promise<NotificationSettings> {
      const now = deps.now();
      await deps.outbox.transaction(async (tx, effects) => {
        if (input.preferences) {
          const { next, hasConsented } = mergeChoices(await repo.lockSettings(userId, tx), input.preferences);
          await repo.savePreferences(userId, next, hasConsented ? now : null, now, tx);
        }
        if (input.invisible !== undefined)
          await setProfileVisibility(tx, userId, { isInvisible: input.invisible }, now);
        if (input.show_in_ads !== undefined)
          await setProfileVisibility(tx, userId, { showInAds: input.show_in_ads }, now);
        // Read by the visitors module when it records a visit: nothing cached shows it.
        if (input.private_visits !== undefined)
          await setProfileVisibility(tx, userId, { privateVisits: input.private_visits }, now);
        if (input.resume_mail) await deps.accounts.clearNotificationsDisabled(tx, userId);
        // Invisible mode, showing in ads and the disabled reasons are part of the member's view (user.php, search,
        // landers).
        if (input.invisible !== undefined || input.show_in_ads !== undefined || input.resume_mail)
          await effects.emit('member.changed', { userId });
        // Hidden or out of ads: visitor pages drop the member on every instance.
        if (input.invisible !== undefined || input.show_in_ads !== undefined)
          await effects.emit('member.shown', { userId });
      });
      return getSettings(userId);
    },

    /** One type's e-mails on or off (in `tx` when given); marketing switched on records the consent's time. */
    async setEmailChoice(userId: number, type: NotificationType, email: boolean, tx?: Executor): Promise<void> {
      const now = deps.now();
      const work = async (executor: Executor) => {
        const stored = await repo.lockSettings(userId, executor);
        await repo.savePreferences(
          userId,
          { ...stored, [type]: { ...stored[type], email } },
          email && isMarketing(type) ? now : null,
          now,
          executor,
        );
      };
      await (tx ? work(tx) : repo.transaction(work));
    },
  };
}
export type NotificationSettingsService = ReturnType<typeof createNotificationSettingsService>;
