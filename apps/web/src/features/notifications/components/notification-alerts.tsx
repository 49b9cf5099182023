// The member alerts of SPEC section 4 (profile photo, push, disabled notifications) in the alert area, one at a time, and
// this browser's push session. Mounted once for every layout by the session manager; the alert area shows them in the
// default layout, in the page under the navigation (never docked: a calm phone, docs/web-layout.md).
import { useMemo, useReducer, type ReactNode } from 'react';
import { Button } from 'react-bootstrap';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PUSH_NOTIFICATION_TYPES, type User } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { useAlertBanner, type AlertBanner } from '../../../components/alerts/alert-store.ts';
import {
  MEMBER_ALERT_DISMISS_KEYS,
  pickMemberAlert,
  type MemberAlertKind,
} from '../../../components/alerts/member-alert-rules.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { useEnablePush, usePushSession, usePushState } from '../../../lib/push-session.ts';
import { useNotificationSettings } from '../api/get-notification-settings.ts';

export const MEMBER_ALERT_ID = 'member-alert';

function AlertLayout({ text, action }: { text: string; action: ReactNode }) {
  return (
    <div className="d-flex flex-column flex-sm-row gap-2 align-items-sm-center justify-content-between me-3">
      <span>{text}</span>
      <span className="flex-shrink-0">{action}</span>
    </div>
  );
}

function EnrichAlert() {
  const { t } = useTranslation('notifications');
  return (
    <AlertLayout
      text={t('alerts.enrich.text')}
      action={
        <Link to={paths.profile.getHref()} className="btn btn-sm btn-dark">
          {t('alerts.enrich.action')}
        </Link>
      }
    />
  );
}

function DisabledNotificationsAlert({ reasons }: { reasons: User['notifications_disabled'] }) {
  const { t } = useTranslation('notifications');
  const reason = reasons[0];
  return (
    <AlertLayout
      text={`${t('alerts.disabled.text')}${reason ? ` ${t(`accounts:notificationsDisabled.${reason}`)}` : ''}`}
      action={
        <Link to={paths.notifications.getHref()} className="btn btn-sm btn-dark">
          {t('alerts.disabled.action')}
        </Link>
      }
    />
  );
}

function PushAlert() {
  const { t } = useTranslation('notifications');
  const enablePush = useEnablePush();
  return (
    <AlertLayout
      text={enablePush.isFailed ? t('screen.pushFailed') : t('alerts.push.text')}
      action={
        <Button size="sm" variant="dark" onClick={() => void enablePush.enable()} disabled={enablePush.isPending}>
          {t('screen.pushTurnOn')}
        </Button>
      }
    />
  );
}

function hasPushTypeOn(preferences: Record<string, { push: boolean }>): boolean {
  return PUSH_NOTIFICATION_TYPES.some((type) => preferences[type]?.push);
}

function MemberAlert() {
  const { data: user } = useUser();
  const { pathname } = useLocation();
  const push = usePushState();
  // A dismissal changes what shows next: recomputed then (the rules read the stored timestamps).
  const [, onDismissed] = useReducer((count: number) => count + 1, 0);
  // The alert texts live in a namespace loaded after the first paint: nothing shows before it arrived.
  const { ready } = useTranslation('notifications', { useSuspense: false });
  const base = { user, push, pathname };
  // The push alert needs the member's switches (SPEC section 6): asked for only when it could show.
  const mightShowPush = pickMemberAlert({ ...base, wantsPush: true }) === 'push';
  const settings = useNotificationSettings({ enabled: mightShowPush });
  const wantsPush = settings.data ? hasPushTypeOn(settings.data.preferences) : undefined;
  const kind: MemberAlertKind | null = ready ? pickMemberAlert({ ...base, wantsPush }) : null;

  const reasonsKey = user?.notifications_disabled.join(',') ?? '';
  const alert = useMemo<AlertBanner | null>(() => {
    if (!kind) return null;
    const message =
      kind === 'enrich' ? (
        <EnrichAlert />
      ) : kind === 'push' ? (
        <PushAlert />
      ) : (
        <DisabledNotificationsAlert reasons={reasonsKey.split(',') as User['notifications_disabled']} />
      );
    return {
      id: MEMBER_ALERT_ID,
      variant: kind === 'disabledNotifications' ? 'warning' : 'info',
      message,
      dismissKey: MEMBER_ALERT_DISMISS_KEYS[kind],
      onDismiss: onDismissed,
      // The member's own profile and notifications come before an offer (one prompt at a time).
      promptRank: 1,
    };
  }, [kind, reasonsKey]);
  useAlertBanner(alert);
  return null;
}

export function NotificationAlerts() {
  usePushSession();
  return <MemberAlert />;
}
