// The root route: the loading bar above whichever layout matches, and the session behaviour every layout shares.
import { lazy, useEffect } from 'react';
import { Outlet } from 'react-router';
import { LoadingBar } from '../components/loading-bar.tsx';
import { AfterFirstPaint } from '../components/after-first-paint.tsx';
import { loadRemainingNamespaces } from '../lib/i18n.ts';

// Lazy, like the layouts: it brings react-bootstrap (the activation reminder), which the entry chunk leaves out.
const SessionManager = lazy(async () => ({
  default: (await import('../features/accounts/components/session-manager.tsx')).SessionManager,
}));
// The welcome bonus (banner and time-bonus modal) spans the members area, which covers the default and the chat layouts.
const WelcomeBonusHost = lazy(async () => ({
  default: (await import('../features/credits/components/welcome-bonus-host.tsx')).WelcomeBonusHost,
}));

// The page title's count (new likes and unread messages) for every layout.
const TitleCount = lazy(async () => ({ default: (await import('./title-count.tsx')).TitleCount }));

/** The translations the first screen did not need (lib/i18n.ts), fetched once it is painted. */
function RemainingNamespaces() {
  useEffect(() => void loadRemainingNamespaces().catch(() => undefined), []);
  return null;
}

export function RootShell() {
  // The server's first view gives way once the page rendered: the layouts' PageOutlet (layouts/page-outlet.tsx).
  return (
    <>
      <LoadingBar />
      <Outlet />
      {/* Nothing here is on the first screen: it loads after the first paint. */}
      <AfterFirstPaint>
        <RemainingNamespaces />
        <SessionManager />
        <WelcomeBonusHost />
        <TitleCount />
      </AfterFirstPaint>
    </>
  );
}
