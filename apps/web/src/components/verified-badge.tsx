// The verified badge (docs/verification.md): staff compared the member's selfie, copying a pose, with the profile
// photos. An icon with its name for screen readers; `withText` adds the word beside it (the member page).
import { useTranslation } from 'react-i18next';
import { VerifiedIcon } from './icons.tsx';
import './member-details.css';

export function VerifiedBadge({ withText = false, className = '' }: { withText?: boolean; className?: string }) {
  const { t } = useTranslation('members');
  const label = t('verification.badge');
  return (
    <span className={`verified-badge ${withText ? 'verified-badge-text' : ''} ${className}`} title={label}>
      <VerifiedIcon size={withText ? 16 : '1em'} aria-hidden="true" />
      {withText ? <span>{label}</span> : <span className="visually-hidden">{label}</span>}
    </span>
  );
}
