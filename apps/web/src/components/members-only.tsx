// Members-only screens: a spinner while the session loads, the login page (coming back here) for visitors.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { User } from '@app/contracts';
import { paths } from '../config/paths.ts';
import { useUser } from '../lib/session/get-user.ts';
import { useServerRedirect } from '../lib/server-render.ts';
import { LoadingSpinner } from './loading-spinner.tsx';

export function MembersOnly({ children }: { children: (user: User) => ReactNode }) {
  const { data: user, isPending } = useUser();
  const location = useLocation();
  const login = !isPending && !user ? paths.login.getHref(`${location.pathname}${location.search}`) : null;
  // The server's first view of this page answers a visitor with the redirect itself (<Navigate> acts in the browser only).
  const isServerRender = useServerRedirect(login);
  if (isPending) return <LoadingSpinner />;
  if (!user) return isServerRender ? null : <Navigate to={login ?? paths.login.getHref()} replace />;
  return <>{children(user)}</>;
}
