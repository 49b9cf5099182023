// Lander layout: logo bar, the landing page, footer with disclaimer; entry warning only for NL and DE.
import { Outlet } from 'react-router';
import { LogoBar } from '../../features/layout/components/logo-bar.tsx';
import { SiteFooter } from '../../features/layout/components/site-footer.tsx';
import { SiteEntryWarning } from '../../features/site-entry/components/site-entry-warning.tsx';

export function LanderLayout() {
  return (
    <div className="layout layout-lander d-flex flex-column min-vh-100">
      <LogoBar />
      <main className="flex-grow-1">
        <Outlet />
      </main>
      <SiteFooter />
      <SiteEntryWarning layout="lander" />
    </div>
  );
}
