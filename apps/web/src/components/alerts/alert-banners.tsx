// The alert-banner area under the top navigation: renders what features put into the alert store. Plain Bootstrap
// markup (react-bootstrap's Alert brings its fade transition before the first paint).
import { useLayoutEffect, useMemo, useRef, type RefObject } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dismissAlert, useAlerts, visibleAlerts, type AlertBanner } from './alert-store.ts';

/**
 * While alerts are docked, the page knows their height (`--alert-dock-height` on <html>) and the fixed bottom
 * navigation's (`--bottom-nav-height`): the dock sits right on the navigation, the page is padded by the dock's height
 * and the member page's action bar stands on the dock, so the dock never hides content (_layout.scss, members.css).
 */
function useDockHeight(dock: RefObject<HTMLElement | null>, isDocked: boolean): void {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const element = dock.current;
    if (!isDocked || !element) return;
    const update = () => {
      const nav = document.querySelector<HTMLElement>('.member-nav');
      const navHeight =
        nav && getComputedStyle(nav).position === 'fixed' ? Math.ceil(nav.getBoundingClientRect().height) : 0;
      if (navHeight > 0) root.style.setProperty('--bottom-nav-height', `${navHeight}px`);
      else root.style.removeProperty('--bottom-nav-height');
      // What the dock takes of the screen's bottom above the navigation: its height and its gap to the edge.
      const taken = window.innerHeight - element.getBoundingClientRect().top - navHeight;
      root.style.setProperty('--alert-dock-height', `${Math.max(0, Math.ceil(taken))}px`);
    };
    update();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(update);
    observer?.observe(element);
    const nav = document.querySelector<HTMLElement>('.member-nav');
    if (nav) observer?.observe(nav);
    window.addEventListener('resize', update);
    return () => {
      observer?.disconnect();
      window.removeEventListener('resize', update);
      root.style.removeProperty('--alert-dock-height');
      root.style.removeProperty('--bottom-nav-height');
    };
  }, [dock, isDocked]);
}

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
  const inFlow = alerts.filter((alert) => alert.placement !== 'dock');
  const docked = alerts.filter((alert) => alert.placement === 'dock');
  const dockRef = useRef<HTMLElement>(null);
  useDockHeight(dockRef, docked.length > 0);
  return (
    // Always rendered so screen readers announce banners that arrive later.
    <div className="alert-banners" aria-live="polite">
      {inFlow.length > 0 && (
        <section aria-label={t('alerts.label')} className="container pt-3">
          {inFlow.map((alert) => (
            <AlertItem key={alert.id} alert={alert} />
          ))}
        </section>
      )}
      {docked.length > 0 && (
        // Fixed to the bottom of the screen: arriving late, it moves nothing; the page is padded for it (useDockHeight).
        <section ref={dockRef} aria-label={t('alerts.label')} className="alert-dock">
          {docked.map((alert) => (
            <AlertItem key={alert.id} alert={alert} />
          ))}
        </section>
      )}
    </div>
  );
}
