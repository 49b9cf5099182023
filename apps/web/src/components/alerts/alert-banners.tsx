// The alert-banner area under the top navigation: renders what features put into the alert store.
import { Alert, Container } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { dismissAlert, useAlerts } from './alert-store.ts';

export function AlertBanners() {
  const { t } = useTranslation();
  const alerts = useAlerts();
  return (
    // Always rendered so screen readers announce banners that arrive later.
    <div className="alert-banners" aria-live="polite">
      {alerts.length > 0 && (
        <Container as="section" aria-label={t('alerts.label')} className="pt-3">
          {alerts.map((alert) => (
            <Alert
              key={alert.id}
              variant={alert.variant ?? 'info'}
              dismissible={alert.isDismissible !== false}
              closeLabel={t('alerts.dismiss')}
              onClose={() => dismissAlert(alert.id)}
              className="mb-2 shadow-sm"
            >
              {alert.message}
            </Alert>
          ))}
        </Container>
      )}
    </div>
  );
}
