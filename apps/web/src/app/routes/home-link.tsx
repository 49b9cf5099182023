// A link to the home page that works inside the router and outside it (boot errors render before the router exists).
import type { ReactNode } from 'react';
import { Link, useInRouterContext } from 'react-router';
import { paths } from '../../config/paths.ts';

export function HomeLink({ className, children }: { className?: string; children: ReactNode }) {
  const isInRouter = useInRouterContext();
  const href = paths.index.getHref();
  return isInRouter ? (
    <Link to={href} className={className}>
      {children}
    </Link>
  ) : (
    <a href={href} className={className}>
      {children}
    </a>
  );
}
