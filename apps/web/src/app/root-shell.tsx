// The root route: the loading bar above whichever layout matches, and the session behaviour every layout shares.
import { Suspense, lazy } from 'react';
import { Outlet } from 'react-router';
import { LoadingBar } from '../components/loading-bar.tsx';

// Lazy, like the layouts: it brings react-bootstrap (the activation reminder), which the entry chunk leaves out.
const SessionManager = lazy(async () => ({ default: (await import('../features/accounts/components/session-manager.tsx')).SessionManager }));

export function RootShell() {
  return (
    <>
      <LoadingBar />
      <Outlet />
      <Suspense fallback={null}>
        <SessionManager />
      </Suspense>
    </>
  );
}
