// The colour theme switch of the account menu (docs/dark-mode.md): system, light or dark, as dropdown items that keep
// the menu open, the current one pressed.
import { useTranslation } from 'react-i18next';
import { THEME_PREFERENCES, setThemePreference, useThemePreference } from '../lib/theme.ts';

export function ThemeSwitch() {
  const { t } = useTranslation('common');
  const preference = useThemePreference();
  return (
    <div role="group" aria-labelledby="theme-switch-label" className="theme-switch">
      <h6 id="theme-switch-label" className="dropdown-header">
        {t('theme.label')}
      </h6>
      {THEME_PREFERENCES.map((option) => (
        <button
          key={option}
          type="button"
          data-keep-open=""
          className={`dropdown-item d-flex align-items-center justify-content-between gap-3${option === preference ? ' active' : ''}`}
          aria-pressed={option === preference}
          onClick={() => setThemePreference(option)}
        >
          {t(`theme.${option}`)}
          {option === preference && <span aria-hidden="true">✓</span>}
        </button>
      ))}
    </div>
  );
}
