// The alert-banner area under the top navigation, in the page (never docked: a calm phone, docs/web-layout.md):
// renders what features put into the alert store. Plain Bootstrap
// markup (react-bootstrap's Alert brings its fade transition before the first paint).
import { useMemo } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dismissAlert, useAlerts, visibleAlerts, type AlertBanner } from './alert-store.ts';

function AlertItem({ alert }: { alert: AlertBanner }) {
  const { t } = useTranslation();
  const isDismissible = alert.isDismissible !== false;
  return (
    <div
      role="alert"
      className={`alert alert-${alert.variant ?? 'info'} mb-2 shadow-sm${isDismissible ? ' alert-dismissible' : ''}`}
    >
      {alert.message}
      {isDismissible && (
        <button
          type="button"
          className="btn-close"
          aria-label={t('alerts.dismiss')}
          onClick={() => dismissAlert(alert.id)}
        />
      )}
    </div>
  );
}

export function AlertBanners() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const all = useAlerts();
  const alerts = useMemo(() => visibleAlerts(all, pathname), [all, pathname]);
  return (
    // Always rendered so screen readers announce banners that arrive later.
    <div className="alert-banners" aria-live="polite">
      {alerts.length > 0 && (
        <section aria-label={t('alerts.label')} className="container pt-3">
          {alerts.map((alert) => (
            <AlertItem key={alert.id} alert={alert} />
          ))}
        </section>
      )}
    </div>
  );
}
