// Default layout: top navigation, alert banners, footer with disclaimer, the site-entry warning, the signup modal and the members' modals (likes, notices).
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { AlertBanners } from '../../components/alerts/alert-banners.tsx';
import { TopNav } from '../../features/layout/components/top-nav.tsx';
import { SiteFooter } from '../../features/layout/components/site-footer.tsx';
import { SiteEntryWarning } from '../../features/site-entry/components/site-entry-warning.tsx';
import { SignupModal } from '../../features/signup/components/signup-modal.tsx';
import { MembersOverlays } from '../../features/members/components/members-overlays.tsx';

export const MAIN_CONTENT_ID = 'main-content';

export function DefaultLayout() {
  const { t } = useTranslation();
  return (
    <div className="layout layout-default d-flex flex-column min-vh-100">
      <a className="visually-hidden-focusable skip-link" href={`#${MAIN_CONTENT_ID}`}>
        {t('nav.skipToContent')}
      </a>
      <TopNav />
      <AlertBanners />
      <main id={MAIN_CONTENT_ID} className="flex-grow-1" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <SiteEntryWarning layout="default" />
      <SignupModal />
      <MembersOverlays />
    </div>
  );
}
