// One member in a list (search, likes, suggestions): photo, name, age and place; the whole card opens `to`, actions sit below.
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { ProfileCard as ProfileCardData } from '@app/contracts';
import { FictionalIcon } from './fictional-icon.tsx';
import { MemberPhoto } from './member-photo.tsx';
import { useLocationText } from './use-location-text.ts';
import './members-ui.css';

type ProfileCardProps = {
  profile: ProfileCardData;
  to: string;
  /** Shown over the photo, e.g. a "New" badge. */
  badge?: ReactNode;
  /** Buttons below the card (like, like back); they stay clickable on their own. */
  actions?: ReactNode;
};

export function ProfileCard({ profile, to, badge, actions }: ProfileCardProps) {
  const locationText = useLocationText();
  const place = locationText(profile);
  return (
    <article className="profile-card card h-100 border-0 shadow-sm" aria-label={profile.name}>
      <div className="profile-card-photo ratio ratio-1x1">
        <MemberPhoto image={profile.main_image} alt="" />
      </div>
      {badge && <div className="profile-card-badge">{badge}</div>}
      <div className="card-body p-2 p-sm-3">
        <h3 className="profile-card-name h6 mb-0 text-truncate">
          <Link to={to} className="stretched-link text-reset text-decoration-none">
            {profile.name}
          </Link>
          {profile.age !== null && <span className="fw-normal">, {profile.age}</span>}
          {profile.is_fictional && <FictionalIcon className="ms-1" />}
        </h3>
        {place && <p className="small text-body-secondary mb-0 text-truncate">{place}</p>}
      </div>
      {actions && <div className="profile-card-actions card-footer bg-transparent border-0 pt-0 px-2 px-sm-3 pb-2 pb-sm-3">{actions}</div>}
    </article>
  );
}

/** A responsive grid of cards: two columns on a phone, up to five on a wide screen. */
export function ProfileCardGrid({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className="profile-card-grid list-unstyled mb-0" aria-label={label}>
      {children}
    </ul>
  );
}

export function ProfileCardGridItem({ children }: { children: ReactNode }) {
  return <li className="profile-card-grid-item">{children}</li>;
}
