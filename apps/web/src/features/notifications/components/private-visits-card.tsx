// "Don't record my visits" on the notifications screen (profiles.private_visits, docs/visitors.md): off by default;
// when on, opening other members' profiles leaves no visit in their "Who viewed me". Saved at once.
import { Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useUpdateNotificationSettings } from '../api/update-notification-settings.ts';
import { SaveStatus, toSaveState } from './save-status.tsx';

export function PrivateVisitsCard({ isPrivate }: { isPrivate: boolean }) {
  const { t } = useTranslation('notifications');
  const update = useUpdateNotificationSettings();
  return (
    <Card className="border-0 shadow-sm mb-4">
      <Card.Body className="p-4">
        <section aria-labelledby="private-visits-title">
          <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
            <h2 id="private-visits-title" className="h5 mb-0">
              {t('screen.privateVisits.title')}
            </h2>
            <SaveStatus state={toSaveState(update)} />
          </div>
          <p id="private-visits-description" className="text-body-secondary">
            {t('screen.privateVisits.description')}
          </p>
          <Form.Check
            type="switch"
            role="switch"
            id="private-visits"
            label={t('screen.privateVisits.label')}
            aria-describedby="private-visits-description"
            checked={isPrivate}
            onChange={(event) => update.mutate({ private_visits: event.currentTarget.checked })}
          />
        </section>
      </Card.Body>
    </Card>
  );
}
