// The alert-banner area under the top navigation, in the page (never docked: a calm phone, docs/web-layout.md):
// renders what features put into the alert store. Plain Bootstrap
// markup (react-bootstrap's Alert brings its fade transition before the first paint).
import { useMemo, useState } from 'react';
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

/** The ids of the prompts in the store now. */
const promptIdsOf = (alerts: readonly AlertBanner[]) =>
  new Set(alerts.filter((alert) => alert.promptRank !== undefined).map((alert) => alert.id));

/**
 * Where a layout puts its alerts. `top`: under the navigation: every alert that is no prompt, and the prompt known when
 * the member came to the screen. `end`: after the page's content: a prompt that arrived later (its rules wait for data
 * or translations), so it never pushes down the page the member is reading (docs/web-shell.md, "A calm screen"); on
 * the next screen it stands at the top. `all` (the default): everything in one place.
 */
export type AlertPlace = 'top' | 'end' | 'all';

function usePlacedAlerts(place: AlertPlace): readonly AlertBanner[] {
  const { pathname } = useLocation();
  const all = useAlerts();
  const [screen, setScreen] = useState(() => ({ pathname, known: promptIdsOf(all) }));
  if (screen.pathname !== pathname) setScreen({ pathname, known: promptIdsOf(all) });
  return useMemo(() => {
    const visible = visibleAlerts(all, pathname);
    if (place === 'all') return visible;
    const isLate = (alert: AlertBanner) => alert.promptRank !== undefined && !screen.known.has(alert.id);
    return visible.filter((alert) => (place === 'end') === isLate(alert));
  }, [all, pathname, place, screen]);
}

export function AlertBanners({ place = 'all' }: { place?: AlertPlace }) {
  const { t } = useTranslation();
  const alerts = usePlacedAlerts(place);
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
