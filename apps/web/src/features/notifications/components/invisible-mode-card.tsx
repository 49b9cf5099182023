// Invisible mode on the notifications screen (SPEC section 4): out of search, suggestions and the swipe game; saved at once.
import { Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useUpdateNotificationSettings } from '../api/update-notification-settings.ts';
import { SaveStatus, toSaveState } from './save-status.tsx';

export function InvisibleModeCard({ isInvisible }: { isInvisible: boolean }) {
  const { t } = useTranslation('notifications');
  const update = useUpdateNotificationSettings();
  return (
    <Card className="border-0 shadow-sm mb-4">
      <Card.Body className="p-4">
        <section aria-labelledby="invisible-title">
          <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
            <h2 id="invisible-title" className="h5 mb-0">
              {t('screen.invisible.title')}
            </h2>
            <SaveStatus state={toSaveState(update)} />
          </div>
          <p id="invisible-description" className="text-body-secondary">
            {t('screen.invisible.description')}
          </p>
          <Form.Check
            type="switch"
            role="switch"
            id="invisible-mode"
            label={t('screen.invisible.label')}
            aria-describedby="invisible-description"
            checked={isInvisible}
            onChange={(event) => update.mutate({ invisible: event.currentTarget.checked })}
          />
        </section>
      </Card.Body>
    </Card>
  );
}
