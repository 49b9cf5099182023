// Chat layout: bare, the chat screen owns the whole viewport; entry warning only for NL and DE.
import { useLocation } from 'react-router';
import { SiteEntryWarning } from '../../features/site-entry/components/site-entry-warning.tsx';
import { PageFallback } from '../app-shell.tsx';
import { PageOutlet } from './page-outlet.tsx';

export function ChatLayout() {
  const { pathname } = useLocation();
  return (
    <div className="layout layout-chat">
      <main className="min-vh-100">
        <PageOutlet fallback={<PageFallback pathname={pathname} />} />
      </main>
      <SiteEntryWarning layout="chat" />
    </div>
  );
}
