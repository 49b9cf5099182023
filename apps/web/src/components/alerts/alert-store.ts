// The alert-banner area's store: any feature shows or hides dismissible banners here; dismissals can be remembered.
import { useEffect, type ReactNode } from 'react';
import { create } from 'zustand';
import { readTimestamp, writeTimestamp } from '../../lib/storage.ts';

export type AlertVariant = 'primary' | 'secondary' | 'success' | 'danger' | 'warning' | 'info' | 'light' | 'dark';

export type AlertBanner = {
  /** Stable id; showing an alert with the same id replaces it. */
  id: string;
  /** Already translated content. */
  message: ReactNode;
  variant?: AlertVariant;
  /** Shows a close button (default true). */
  isDismissible?: boolean;
  /**
   * localStorage key (see STORAGE_KEYS). When set, dismissing stores a timestamp there and the alert
   * stays hidden from then on (SPEC section 4).
   */
  dismissKey?: string;
  /** How long a remembered dismissal lasts; forever when omitted. */
  dismissForMs?: number;
  onDismiss?: () => void;
  /**
   * A prompt asks the member to do something (add a photo, allow push, use the welcome bonus): one at a time, the lowest
   * `promptRank` first, and none on the calm screens (docs/web-shell.md, "A calm screen").
   */
  promptRank?: number;
};

/**
 * Screens where no prompt shows: signup and activation (which ask for all of it themselves), the credits and checkout
 * screens (the member is already buying; the welcome bonus's countdown is on the credits screen) and the swipe game
 * (a prompt would push its buttons below a phone's first screen).
 */
export function isCalmScreen(pathname: string): boolean {
  return (
    isSignupPath(pathname) || /^\/(credits|transactions|directdebit|premium|pricing|swipe-game)(\/|$)/.test(pathname)
  );
}

/** The signup and activation screens: they ask for a photo, push and confirmation themselves. */
export function isSignupPath(pathname: string): boolean {
  return (
    /^\/(signup|complete-signup|activate|signup-matches)(\/|$)/.test(pathname) ||
    /^\/members\/[^/]+\/signup$/.test(pathname)
  );
}

/** What shows on `pathname`: every alert that is no prompt, and the first prompt by rank unless the screen is calm. */
export function visibleAlerts(alerts: readonly AlertBanner[], pathname: string): AlertBanner[] {
  const prompts = alerts.filter((alert) => alert.promptRank !== undefined);
  const prompt = isCalmScreen(pathname)
    ? undefined
    : prompts.reduce<AlertBanner | undefined>(
        (best, alert) => (best === undefined || alert.promptRank! < best.promptRank! ? alert : best),
        undefined,
      );
  return alerts.filter((alert) => alert.promptRank === undefined || alert === prompt);
}

const useAlertStore = create<{ alerts: readonly AlertBanner[] }>()(() => ({ alerts: [] }));
const getAlerts = () => useAlertStore.getState().alerts;
const setAlerts = (alerts: readonly AlertBanner[]) => useAlertStore.setState({ alerts });

export function isAlertDismissed(
  alert: Pick<AlertBanner, 'dismissKey' | 'dismissForMs'>,
  now: number = Date.now(),
): boolean {
  if (!alert.dismissKey) return false;
  const dismissedAt = readTimestamp(alert.dismissKey);
  if (dismissedAt === null) return false;
  return alert.dismissForMs === undefined || now - dismissedAt < alert.dismissForMs;
}

/** Shows (or replaces) an alert; returns false when it was dismissed before and stays hidden. */
export function showAlert(alert: AlertBanner): boolean {
  if (isAlertDismissed(alert)) {
    hideAlert(alert.id);
    return false;
  }
  const alerts = getAlerts();
  const index = alerts.findIndex((existing) => existing.id === alert.id);
  setAlerts(index === -1 ? [...alerts, alert] : alerts.map((existing, i) => (i === index ? alert : existing)));
  return true;
}

export function hideAlert(id: string): void {
  const alerts = getAlerts();
  if (alerts.some((alert) => alert.id === id)) setAlerts(alerts.filter((alert) => alert.id !== id));
}

/** The visitor closed the alert: hide it, and remember that when it has a dismiss key. */
export function dismissAlert(id: string, now: number = Date.now()): void {
  const alert = getAlerts().find((existing) => existing.id === id);
  if (!alert) return;
  if (alert.dismissKey) writeTimestamp(alert.dismissKey, now);
  hideAlert(id);
  alert.onDismiss?.();
}

export function clearAlerts(): void {
  setAlerts([]);
}

export function useAlerts(): readonly AlertBanner[] {
  return useAlertStore((state) => state.alerts);
}

/**
 * Shows `alert` while the calling component is mounted and passes one (null hides it). Keep the object
 * stable (useMemo) so it is not re-shown on every render.
 */
export function useAlertBanner(alert: AlertBanner | null): void {
  useEffect(() => {
    if (!alert) return;
    showAlert(alert);
    return () => hideAlert(alert.id);
  }, [alert]);
}
