// Lander layout: logo bar, the landing page, footer with disclaimer, the signup modal; entry warning only for NL and DE.
import { lazy, useEffect } from 'react';
import { AfterFirstPaint } from '../../components/after-first-paint.tsx';
import { registerSignupModal } from '../../lib/signup-modal-store.ts';
import { LogoBar } from '../../features/layout/components/logo-bar.tsx';
import { SiteFooter } from '../../features/layout/components/site-footer.tsx';
import { PageOutlet } from './page-outlet.tsx';

// The landers' calls to action open the signup modal; it and the warning load after the first paint, like the default layout's.
const SiteEntryWarning = lazy(async () => ({
  default: (await import('../../features/site-entry/components/site-entry-warning.tsx')).SiteEntryWarning,
}));
const SignupModal = lazy(async () => ({
  default: (await import('../../features/signup/components/signup-modal.tsx')).SignupModal,
}));

export function LanderLayout() {
  useEffect(() => registerSignupModal(), []);
  return (
    <div className="layout layout-lander d-flex flex-column min-vh-100">
      <LogoBar />
      {/* At least a screen tall, as the server's first view is: the footer never enters the first screen when the app
          takes the view over (on a short lander it became the page's largest paint, seconds late). */}
      <main className="flex-grow-1 min-vh-100">
        {/* A suspending page stays inside this one main (no second one from the App's shell). */}
        <PageOutlet fallback={null} />
      </main>
      <SiteFooter />
      <AfterFirstPaint>
        <SiteEntryWarning layout="lander" />
        <SignupModal />
      </AfterFirstPaint>
    </div>
  );
}
