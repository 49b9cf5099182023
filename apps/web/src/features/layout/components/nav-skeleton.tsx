// The navigation's controls while the session is not known yet (the first paint of a cold load): the member's shape
// (four links, in the bottom bar below 992 px, and the avatar) when this browser's session hint says member, a
// button's shape otherwise. Neutral: no names, nothing to press. Used by the app shell and by TopNav.
import { SkeletonButton, SkeletonCircle } from '../../../components/skeleton.tsx';
import type { SessionHint } from '../../../lib/session/session-hint.ts';

export function NavControlsSkeleton({ hint }: { hint: SessionHint }) {
  if (hint !== 'member') return <SkeletonButton size="sm" width="5.5rem" className="nav-skeleton" />;
  return (
    <span
      className="nav-skeleton d-inline-flex align-items-center gap-2 placeholder-glow"
      aria-hidden="true"
      data-testid="nav-skeleton"
    >
      <span className="nav-skeleton-links">
        {Array.from({ length: 4 }, (_, index) => (
          <span key={index} className="nav-skeleton-link">
            <span className="placeholder rounded-circle nav-skeleton-icon" />
            <span className="placeholder rounded nav-skeleton-text" />
          </span>
        ))}
      </span>
      <span className="d-inline-flex align-items-center gap-2 p-1">
        <SkeletonCircle size={32} />
        <span
          className="placeholder rounded d-none d-md-inline-block d-lg-none d-xl-inline-block"
          style={{ width: '5rem' }}
        />
      </span>
    </span>
  );
}
