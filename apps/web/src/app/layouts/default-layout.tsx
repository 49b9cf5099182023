// Default layout: top navigation, alert banners, footer with disclaimer, the site-entry warning, the signup modal and the members' modals (likes, notices).
import { lazy, useEffect } from 'react';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertBanners } from '../../components/alerts/alert-banners.tsx';
import { AfterFirstPaint } from '../../components/after-first-paint.tsx';
import { registerSignupModal } from '../../lib/signup-modal-store.ts';
import { TopNav } from '../../features/layout/components/top-nav.tsx';
import { SiteFooter } from '../../features/layout/components/site-footer.tsx';
import { PageFallback } from '../app-shell.tsx';
import { PageOutlet } from './page-outlet.tsx';

// Overlays (modals) show nothing on the first screen: they and react-bootstrap's Modal load after the first paint.
const SiteEntryWarning = lazy(async () => ({
  default: (await import('../../features/site-entry/components/site-entry-warning.tsx')).SiteEntryWarning,
}));
const SignupModal = lazy(async () => ({
  default: (await import('../../features/signup/components/signup-modal.tsx')).SignupModal,
}));
const MembersOverlays = lazy(async () => ({
  default: (await import('../../features/members/components/members-overlays.tsx')).MembersOverlays,
}));

export const MAIN_CONTENT_ID = 'main-content';

export function DefaultLayout() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  // This layout has the signup modal from its first paint on, though it loads after it: a Sign up clicked before then
  // opens it (the store remembers) rather than going to the signup page.
  useEffect(() => registerSignupModal(), []);
  return (
    <div className="layout layout-default d-flex flex-column min-vh-100">
      <a className="visually-hidden-focusable skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {t('nav.skipToContent')}
      </a>
      <TopNav />
      <AlertBanners place="top" />
      <main id={MAIN_CONTENT_ID} className="layout-main flex-grow-1" tabIndex={-1}>
        {/* A page that suspends shows its skeleton here, inside this one main (not the App's whole shell). */}
        <PageOutlet fallback={<PageFallback pathname={pathname} />} />
      </main>
      <AlertBanners place="end" />
      <SiteFooter />
      <AfterFirstPaint>
        <SiteEntryWarning layout="default" />
        <SignupModal />
        <MembersOverlays />
      </AfterFirstPaint>
    </div>
  );
}
