// The notification part of the settings screen (/notifications): the switches per type, invisible mode and showing the
// profile in the site's ads, loaded from notifications.php.
import { Alert, Button, Card } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { useNotificationSettings } from '../api/get-notification-settings.ts';
import { ChatPhotoBlurCard } from './chat-photo-blur-card.tsx';
import { DataExportCard } from './data-export-card.tsx';
import { InvisibleModeCard } from './invisible-mode-card.tsx';
import { NotificationPreferencesCard } from './notification-preferences-card.tsx';
import { ShowInAdsCard } from './show-in-ads-card.tsx';
import { PrivateVisitsCard } from './private-visits-card.tsx';
import './notifications.css';

export function NotificationSettingsSections() {
  const { t } = useTranslation('notifications');
  const query = useNotificationSettings();
  if (query.isPending) {
    return (
      <Card className="border-0 shadow-sm mb-4">
        <Card.Body className="p-4">
          <LoadingSpinner />
        </Card.Body>
      </Card>
    );
  }
  if (query.isError) {
    return (
      <Alert variant="danger" className="d-flex flex-wrap align-items-center justify-content-between gap-2">
        <span>{t('screen.loadFailed')}</span>
        <Button variant="outline-danger" size="sm" onClick={() => void query.refetch()}>
          {t('screen.retry')}
        </Button>
      </Alert>
    );
  }
  return (
    <>
      <NotificationPreferencesCard settings={query.data} />
      <InvisibleModeCard isInvisible={query.data.invisible} />
      <ChatPhotoBlurCard />
      <ShowInAdsCard isShownInAds={query.data.show_in_ads} />
      <PrivateVisitsCard isPrivate={query.data.private_visits} />
      <DataExportCard />
    </>
  );
}
