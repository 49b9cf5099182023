// Interests as chips with their catalogue icons (GET /api/interests.php) and translated names.
import { useTranslation } from 'react-i18next';
import { useInterests } from '../lib/settings/get-interests.ts';
import './members-ui.css';

export function useInterestIcons(): Record<string, string> {
  const { data: interests } = useInterests();
  const icons: Record<string, string> = {};
  for (const interest of interests ?? []) icons[interest.key] = interest.icon;
  return icons;
}

export function InterestList({ keys, label }: { keys: string[]; label: string }) {
  const { t } = useTranslation('members');
  const icons = useInterestIcons();
  return (
    <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0" aria-label={label}>
      {keys.map((key) => (
        <li key={key} className="interest-chip">
          {icons[key] && <span aria-hidden="true">{icons[key]}</span>}
          {t(`interests.${key}`, { defaultValue: key })}
        </li>
      ))}
    </ul>
  );
}
