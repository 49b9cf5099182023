// Interests as chips with their catalogue icons (GET /api/interests.php names them; interest-icons.tsx draws them)
// and translated names. The icons are decorative: the chip's text names the interest.
import type { LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useInterests } from '../lib/settings/get-interests.ts';
import { interestIcon } from './interest-icons.tsx';
import './members-ui.css';

/** Each enabled interest key's icon component; keys whose icon name this build does not know are left out. */
export function useInterestIcons(): Record<string, LucideIcon> {
  const { data: interests } = useInterests();
  const icons: Record<string, LucideIcon> = {};
  for (const interest of interests ?? []) {
    const icon = interestIcon(interest.icon);
    if (icon) icons[interest.key] = icon;
  }
  return icons;
}

/** An interest's icon, hidden from assistive technology (the label beside it names the interest); nothing without one. */
export function InterestIcon({
  icon: IconComponent,
  size = 16,
  className,
}: {
  icon: LucideIcon | undefined;
  size?: number;
  className?: string;
}) {
  if (!IconComponent) return null;
  return (
    <IconComponent size={size} className={className} aria-hidden="true" focusable="false" style={{ flexShrink: 0 }} />
  );
}

export function InterestList({ keys, label }: { keys: string[]; label: string }) {
  const { t } = useTranslation('members');
  const icons = useInterestIcons();
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label={label}>
      {keys.map((key) => (
        <li key={key} className="interest-chip">
          <InterestIcon icon={icons[key]} />
          {t(`interests.${key}`, { defaultValue: key })}
        </li>
      ))}
    </ul>
  );
}
