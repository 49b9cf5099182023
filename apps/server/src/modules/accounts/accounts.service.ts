// The accounts service: the current user payload, language and push subscription, and every account capability
// (signup, login, activation, password, e-mail change, deletion: one file each).
import type { User } from '@app/contracts';
import type { UiLanguage } from '@app/i18n';
import type { SiteRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import type { MemberView } from '../../plugins/session/index.ts';
import { uploadUrl } from '../../plugins/storage/index.ts';
import { deletePushSubscriptions, savePushSubscription } from '../notifications/index.ts';
import { createAccountTools, type AccountsDeps } from './account-tools.ts';
import { createActivationService } from './activation.service.ts';
import { createDeletionService } from './deletion.service.ts';
import { createLoginService } from './login.service.ts';
import { createMailChangeService } from './mail-change.service.ts';
import { createPasswordService } from './password.service.ts';
import { createSignupService } from './signup.service.ts';

export {
  LOGIN_LOCK_MS,
  LOGIN_MAX_FAILURES,
  LOGIN_WINDOW_MS,
  PURGE_JOB,
  REACTIVATION_MS,
  RESET_MAILS_PER_DAY,
  RESET_TOKEN_MINUTES,
  ACTIVATION_TOKEN_DAYS,
  EMAIL_CHANGE_TOKEN_HOURS,
  type AccountsDeps,
  type PasswordChecks,
} from './account-tools.ts';
export type { SignupInput } from './signup.service.ts';

/** Push subscriptions a member keeps; a new one replaces the oldest (each is a connection the server makes). */
export const PUSH_SUBSCRIPTIONS_PER_MEMBER = 10;

/** The `{ user }` payload of user.php and the account endpoints, from the request's member view. */
export function toUserPayload(view: MemberView, site: Pick<SiteRow, 'fictionalIcon' | 'cdnPrefix'>): User {
  const { user, profile } = view;
  return {
    id: user.id,
    email: user.email,
    status: user.status,
    credits: view.credits,
    paid_user: user.paidUser,
    signup_date: user.createdAt.toISOString(),
    language: user.language,
    fictional_icon: site.fictionalIcon,
    notifications_disabled: user.notificationsDisabled,
    signup_step: user.signupStep,
    push_subscribed: view.isPushSubscribed,
    profile: {
      id: profile.id,
      name: profile.name,
      country: profile.country,
      main_image: view.mainPhoto
        ? {
            filename: uploadUrl(site.cdnPrefix, view.mainPhoto.fileKey),
            thumb_filename: uploadUrl(site.cdnPrefix, view.mainPhoto.thumbKey),
            status: 'active' as const,
          }
        : null,
      status: profile.status,
    },
  };
}

/** The accounts service: every capability, built from one set of dependencies. */
export function createAccountsService(deps: AccountsDeps) {
  const tools = createAccountTools(deps);
  const { repo } = tools;
  return {
    toUserPayload,
    async updateLanguage(userId: number, language: UiLanguage): Promise<void> {
      await deps.outbox.transaction(async (tx, effects) => {
        await repo.updateUser(userId, { language }, tx);
        await effects.emit('member.changed', { userId });
      });
    },
    /** null removes: the one of `endpoint` when given (this browser), else every subscription of the account. */
    async savePushSubscription(
      userId: number,
      subscription: { endpoint: string; keys: { p256dh: string; auth: string } } | null,
      endpoint?: string,
    ): Promise<void> {
      // The server connects to whatever host an endpoint names: only public https hosts (SSRF, docs/notifications.md).
      if (subscription && !(await deps.push.isEndpointAllowed(subscription.endpoint))) {
        throw new AppError(400, 'validation_failed', undefined, [
          { path: 'subscription.endpoint', code: 'push_endpoint_refused' },
        ]);
      }
      await deps.outbox.transaction(async (tx, effects) => {
        if (!subscription) await deletePushSubscriptions(tx, userId, endpoint);
        else
          await savePushSubscription(
            tx,
            userId,
            { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth },
            PUSH_SUBSCRIPTIONS_PER_MEMBER,
          );
        await effects.emit('member.changed', { userId });
      });
    },
    countUsers(): Promise<number> {
      return repo.countUsers();
    },
    ...createSignupService(deps, tools),
    ...createLoginService(deps, tools),
    ...createActivationService(deps, tools),
    ...createPasswordService(deps, tools),
    ...createMailChangeService(deps, tools),
    ...createDeletionService(deps, tools),
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
