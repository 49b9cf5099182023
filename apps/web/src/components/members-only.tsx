// Members-only screens: a spinner while the session loads, the login page (coming back here) for visitors.
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { User } from '@app/contracts';
import { paths } from '../config/paths.ts';
import { useUser } from '../lib/session/get-user.ts';
import { LoadingSpinner } from './loading-spinner.tsx';

export function MembersOnly({ children }: { children: (user: User) => ReactNode }) {
  const { data: user, isPending } = useUser();
  const location = useLocation();
  if (isPending) return <LoadingSpinner />;
  if (!user) return <Navigate to={paths.login.getHref(`${location.pathname}${location.search}`)} replace />;
  return <>{children(user)}</>;
}
