// Chat layout: bare, the chat screen owns the whole viewport; entry warning only for NL and DE.
import { Outlet } from 'react-router';
import { SiteEntryWarning } from '../../features/site-entry/components/site-entry-warning.tsx';

export function ChatLayout() {
  return (
    <div className="layout layout-chat">
      <main className="min-vh-100">
        <Outlet />
      </main>
      <SiteEntryWarning layout="chat" />
    </div>
  );
}
