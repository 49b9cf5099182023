// Empty layout: the page alone with the signup modal; entry warning only for NL and DE.
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { SiteEntryWarning } from '../../features/site-entry/components/site-entry-warning.tsx';
import { SignupModal } from '../../features/signup/components/signup-modal.tsx';

export function EmptyLayout() {
  return (
    <div className="layout layout-empty">
      <main className="min-vh-100">
        {/* A suspending page stays inside this one main (no second one from the App's shell). */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <SiteEntryWarning layout="empty" />
      <SignupModal />
    </div>
  );
}
