// Chat layout: bare, the chat screen owns the whole viewport; entry warning only for NL and DE.
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { SiteEntryWarning } from '../../features/site-entry/components/site-entry-warning.tsx';
import { PageFallback } from '../app-shell.tsx';

export function ChatLayout() {
  const { pathname } = useLocation();
  return (
    <div className="layout layout-chat">
      <main className="min-vh-100">
        <Suspense fallback={<PageFallback pathname={pathname} />}>
          <Outlet />
        </Suspense>
      </main>
      <SiteEntryWarning layout="chat" />
    </div>
  );
}
