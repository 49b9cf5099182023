// "Show my profile in the site's ads" on the notifications screen (profiles.show_in_ads, docs/landers.md): off by
// default; only members who turn it on may appear on the site's advertising pages (landers). Saved at once.
import { Card, Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useUpdateNotificationSettings } from '../api/update-notification-settings.ts';
import { SaveStatus, toSaveState } from './save-status.tsx';

export function ShowInAdsCard({ isShownInAds }: { isShownInAds: boolean }) {
  const { t } = useTranslation('notifications');
  const update = useUpdateNotificationSettings();
  return (
    <Card className="border-0 shadow-sm mb-4">
      <Card.Body className="p-4">
        <section aria-labelledby="show-in-ads-title">
          <div className="d-flex flex-wrap align-items-baseline justify-content-between gap-2 mb-2">
            <h2 id="show-in-ads-title" className="h5 mb-0">
              {t('screen.showInAds.title')}
            </h2>
            <SaveStatus state={toSaveState(update)} />
          </div>
          <p id="show-in-ads-description" className="text-body-secondary">
            {t('screen.showInAds.description')}
          </p>
          <Form.Check
            type="switch"
            role="switch"
            id="show-in-ads"
            label={t('screen.showInAds.label')}
            aria-describedby="show-in-ads-description"
            checked={isShownInAds}
            onChange={(event) => update.mutate({ show_in_ads: event.currentTarget.checked })}
          />
        </section>
      </Card.Body>
    </Card>
  );
}
