// Empty layout: the page alone (the signup modal joins with the accounts work); entry warning only for NL and DE.
import { Outlet } from 'react-router';
import { SiteEntryWarning } from '../../features/site-entry/components/site-entry-warning.tsx';

export function EmptyLayout() {
  return (
    <div className="layout layout-empty">
      <main className="min-vh-100">
        <Outlet />
      </main>
      <SiteEntryWarning layout="empty" />
    </div>
  );
}
