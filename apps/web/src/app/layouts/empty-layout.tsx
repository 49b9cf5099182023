// Empty layout: the page alone with the signup modal; entry warning only for NL and DE.
import { SiteEntryWarning } from '../../features/site-entry/components/site-entry-warning.tsx';
import { SignupModal } from '../../features/signup/components/signup-modal.tsx';
import { PageOutlet } from './page-outlet.tsx';

export function EmptyLayout() {
  return (
    <div className="layout layout-empty">
      <main className="min-vh-100">
        {/* A suspending page stays inside this one main (no second one from the App's shell). */}
        <PageOutlet fallback={null} />
      </main>
      <SiteEntryWarning layout="empty" />
      <SignupModal />
    </div>
  );
}
