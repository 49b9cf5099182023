// The notifications screen's main card: per type an e-mail and (for push types) a push switch, saved at once; this browser's push state; why mail stopped and how to resume it.
import { Alert, Button, Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import {
  NOTIFICATION_TYPES,
  PUSH_NOTIFICATION_TYPES,
  type NotificationChannels,
  type NotificationSettings,
  type NotificationType,
} from '@app/contracts';
import { useEnablePush, usePushState } from '../../../lib/push-session.ts';
import type { PushState } from '../../../lib/push.ts';
import { useUpdateNotificationSettings } from '../api/update-notification-settings.ts';
import { SaveStatus, toSaveState } from './save-status.tsx';
import { PushStatus } from './push-status.tsx';

const isPushType = (type: NotificationType) => (PUSH_NOTIFICATION_TYPES as readonly string[]).includes(type);

/** Push switches can only work where this browser may show notifications (or another browser of the member does). */
export function isPushSwitchUsable(state: PushState): boolean {
  return state !== 'unsupported' && state !== 'denied';
}

const PUSH_BLOCKED_ID = 'push-switches-blocked';

function TypeRow({
  type,
  channels,
  pushState,
  onChange,
}: {
  type: NotificationType;
  channels: NotificationChannels;
  pushState: PushState;
  onChange: (type: NotificationType, channel: keyof NotificationChannels, value: boolean) => void;
}) {
  const { t } = useTranslation('notifications');
  const labelId = `notification-type-${type}`;
  const descriptionId = `${labelId}-description`;
  const isPushUsable = isPushSwitchUsable(pushState);
  return (
    <div
      role="group"
      className="notification-type d-flex flex-column flex-md-row gap-2 gap-md-3 align-items-md-center py-3"
      aria-labelledby={labelId}
      aria-describedby={descriptionId}
    >
      <div className="flex-grow-1">
        <h3 id={labelId} className="fs-6 fw-semibold mb-0">
          {t(`types.${type}`)}
        </h3>
        <p id={descriptionId} className="small text-body-secondary mb-0">
          {t(`screen.descriptions.${type}`)}
        </p>
      </div>
      {/* Fixed-width channels: every row's e-mail and push switches line up, with or without a push switch. */}
      <div className="d-flex flex-shrink-0 gap-3">
        <div className="notification-channel">
          <Form.Check
            type="switch"
            role="switch"
            id={`${type}-email`}
            label={t('screen.email')}
            checked={channels.email}
            onChange={(event) => onChange(type, 'email', event.currentTarget.checked)}
            className="mb-0"
          />
        </div>
        <div className="notification-channel">
          {isPushType(type) && (
            <Form.Check
              type="switch"
              role="switch"
              id={`${type}-push`}
              label={t('screen.push')}
              // Blocked or unsupported here: shown off, with the reason, rather than a switch that cannot deliver.
              checked={isPushUsable && channels.push}
              disabled={!isPushUsable}
              aria-describedby={isPushUsable ? undefined : PUSH_BLOCKED_ID}
              onChange={(event) => onChange(type, 'push', event.currentTarget.checked)}
              className="mb-0"
            />
          )}
        </div>
      </div>
    </div>
  );
}

function DisabledMailNotice({
  settings,
  onResume,
  isResuming,
}: {
  settings: NotificationSettings;
  onResume: () => void;
  isResuming: boolean;
}) {
  const { t } = useTranslation('notifications');
  return (
    <Alert variant="warning" className="mb-4">
      <h3 className="h6 alert-heading">{t('screen.disabled.title')}</h3>
      <ul className="mb-2 ps-3">
        {settings.notifications_disabled.map((reason) => (
          <li key={reason}>{t(`accounts:notificationsDisabled.${reason}`)}</li>
        ))}
      </ul>
      <p className="mb-2">{t('screen.disabled.fix')}</p>
      <Button variant="dark" size="sm" onClick={onResume} disabled={isResuming}>
        {t('screen.disabled.resume')}
      </Button>
    </Alert>
  );
}

export function NotificationPreferencesCard({ settings }: { settings: NotificationSettings }) {
  const { t } = useTranslation('notifications');
  const update = useUpdateNotificationSettings();
  const { state: pushState, isChecked } = usePushState();
  const enablePush = useEnablePush();

  const onChange = (type: NotificationType, channel: keyof NotificationChannels, value: boolean) => {
    update.mutate({ preferences: { [type]: { [channel]: value } } });
    // Turning a push type on is a click: the moment to ask this browser too, when it has not been asked.
    if (channel === 'push' && value && (pushState === 'unknown' || pushState === 'granted')) void enablePush.enable();
  };

  return (
    <Card className="border-0 shadow-sm mb-4">
      <Card.Body className="p-4">
        <section aria-labelledby="notifications-title">
          <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
            <h2 id="notifications-title" className="h5 mb-0">
              {t('screen.title')}
            </h2>
            <SaveStatus state={toSaveState(update)} />
          </div>
          <p className="text-body-secondary">{t('screen.intro')}</p>
          {settings.notifications_disabled.length > 0 && (
            <DisabledMailNotice
              settings={settings}
              isResuming={update.isPending}
              onResume={() => update.mutate({ resume_mail: true })}
            />
          )}
          <PushStatus id={PUSH_BLOCKED_ID} state={pushState} isChecked={isChecked} enablePush={enablePush} />
          <div className="notification-types">
            {NOTIFICATION_TYPES.map((type) => (
              <TypeRow
                key={type}
                type={type}
                channels={settings.preferences[type]}
                pushState={pushState}
                onChange={onChange}
              />
            ))}
          </div>
          <p className="small text-body-secondary mt-3 mb-0">{t('screen.marketingNote')}</p>
        </section>
      </Card.Body>
    </Card>
  );
}
