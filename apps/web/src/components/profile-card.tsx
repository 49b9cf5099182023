// One member in a list (search, likes, suggestions): a portrait photo with name, age, place and activity over it; the
// whole card opens `to`; a quick action (the like button) sits on the photo, other actions below it.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ProfileCard as ProfileCardData } from '@app/contracts';
import { FictionalIcon } from './fictional-icon.tsx';
import { PromptQuote } from './prompt-quote.tsx';
import { VerifiedBadge } from './verified-badge.tsx';
import { MemberPhoto } from './member-photo.tsx';
import { usePlaceLine } from './use-location-text.ts';
import './members-ui.css';
import './member-details.css';

type ProfileCardProps = {
  profile: ProfileCardData;
  to: string;
  /** Shown over the photo, e.g. a "New" badge. */
  badge?: ReactNode;
  /** A round button on the photo (the like button); it stays clickable above the card's link. */
  quickAction?: ReactNode;
  /** Buttons below the card (like back); they stay clickable on their own. */
  actions?: ReactNode;
  /** Marks the card (a like not seen yet): a ring in the primary colour. */
  isHighlighted?: boolean;
  /** The first cards of a page, on the first screen: their photos load at once and first (the page's LCP). */
  isPriority?: boolean;
  /**
   * The name's heading level: 2 where the cards follow the page's h1 directly (search, likes, suggestions), 3 under a
   * section's h2 (home, similar results), so headings never skip a level.
   */
  headingLevel?: 2 | 3;
};

/** "Active today" / "Active this week" with a dot; nothing when the card does not say. */
export function ActivityNote({
  activity,
  className = '',
}: {
  activity: ProfileCardData['activity'];
  className?: string;
}) {
  const { t } = useTranslation('members');
  if (!activity) return null;
  return (
    <span className={`activity-note activity-note-${activity} ${className}`}>
      <span className="activity-dot" aria-hidden="true" />
      {t(`discovery.activity.${activity}`)}
    </span>
  );
}

export function ProfileCard({
  profile,
  to,
  badge,
  quickAction,
  actions,
  isHighlighted = false,
  isPriority = false,
  headingLevel = 3,
}: ProfileCardProps) {
  const Name = headingLevel === 2 ? 'h2' : 'h3';
  const place = usePlaceLine()(profile);
  return (
    <article
      className={`profile-card card border-0 ${isHighlighted ? 'is-highlighted' : ''}`}
      aria-label={profile.name}
    >
      <div className="profile-card-photo">
        <MemberPhoto image={profile.main_image} alt="" isPriority={isPriority} />
        <div className="profile-card-info">
          <Name className="profile-card-name mb-0 text-truncate">
            <Link to={to} className="stretched-link text-reset text-decoration-none">
              {profile.name}
            </Link>
            {profile.age !== null && <span className="fw-normal">, {profile.age}</span>}
            {profile.is_verified && <VerifiedBadge className="ms-1" />}
            {profile.is_fictional && <FictionalIcon className="ms-1" />}
          </Name>
          {place && <p className="profile-card-place mb-0 text-truncate">{place}</p>}
          <ActivityNote activity={profile.activity} className="profile-card-activity" />
        </div>
        {quickAction && <div className="profile-card-quick">{quickAction}</div>}
      </div>
      {badge && <div className="profile-card-badge">{badge}</div>}
      {profile.prompt && <PromptQuote prompt={profile.prompt} variant="card" />}
      {actions && <div className="profile-card-actions card-footer bg-transparent border-0 p-2">{actions}</div>}
    </article>
  );
}

/** A responsive grid of cards: two columns on a phone, up to five on a wide screen. */
export function ProfileCardGrid({
  children,
  label,
  className = '',
  id,
}: {
  children: ReactNode;
  label?: string;
  className?: string;
  id?: string;
}) {
  return (
    <ul id={id} className={`profile-card-grid list-unstyled mb-0 ${className}`} aria-label={label}>
      {children}
    </ul>
  );
}

export function ProfileCardGridItem({ children }: { children: ReactNode }) {
  return <li className="profile-card-grid-item">{children}</li>;
}

/**
 * Cards while a list loads: the same boxes as the cards (no shift when they arrive), Bootstrap placeholders, one
 * status for screen readers.
 */
export function ProfileCardGridSkeleton({
  count,
  label,
  className = '',
}: {
  count: number;
  label: string;
  className?: string;
}) {
  return (
    <div
      className={`profile-card-grid ${className}`}
      role="status"
      aria-busy="true"
      data-testid="profile-card-skeleton"
    >
      <span className="visually-hidden">{label}</span>
      {Array.from({ length: count }, (_, index) => (
        <div key={index} className="profile-card card border-0 placeholder-glow" aria-hidden="true">
          <div className="profile-card-photo">
            <span className="placeholder w-100 h-100 d-block" />
            <div className="profile-card-info">
              <span className="placeholder col-7 placeholder-sm bg-light" />
              <span className="placeholder col-5 placeholder-xs bg-light d-block mt-2" />
            </div>
          </div>
        </div>
      ))}
    </div>
  );
}
