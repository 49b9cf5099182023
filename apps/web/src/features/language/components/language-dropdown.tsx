// The language switcher of the top navigation; shown only when the site offers more than one language.
// components/nav-dropdown.tsx, not react-bootstrap's Dropdown: the navigation is on the first paint (docs/web-build.md).
import { useState } from 'react';
import { NavDropdown } from '../../../components/nav-dropdown.tsx';
import { useTranslation } from 'react-i18next';
import { isUiLanguage, type UiLanguage } from '@app/i18n';
import { chooseLanguage } from '../../../lib/i18n.ts';
import { GlobeIcon } from '../../../components/icons.tsx';
import { LANGUAGE_NAMES } from '../language-names.ts';
import { hasLanguageChoice } from '../visible-languages.ts';
import { useVisibleLanguages } from '../hooks/use-visible-languages.ts';

export function LanguageDropdown({ align = 'end' }: { align?: 'start' | 'end' }) {
  const { t, i18n } = useTranslation();
  const languages = useVisibleLanguages();
  const [isSwitching, setIsSwitching] = useState(false);
  if (!hasLanguageChoice(languages)) return null;

  const current: UiLanguage = isUiLanguage(i18n.language) ? i18n.language : 'en';
  const currentName = LANGUAGE_NAMES[current];
  // Phones show the short code ("EN"): the name carries it too, so what is seen is what a voice user says. Not in
  // parentheses: name matching (axe's label-content-name-mismatch, speech input) leaves parenthesised words out.
  const shortCode = current.slice(0, 2).toUpperCase();

  const select = async (language: UiLanguage) => {
    if (language === current) return;
    setIsSwitching(true);
    try {
      await chooseLanguage(language);
    } finally {
      setIsSwitching(false);
    }
  };

  return (
    <NavDropdown
      align={align}
      className="language-dropdown"
      toggleClassName="btn btn-outline-dark btn-sm d-inline-flex align-items-center gap-1"
      label={`${t('language.toggle', { language: currentName })}, ${shortCode}`}
      disabled={isSwitching}
      menuClassName="shadow-sm"
      toggle={
        <>
          <GlobeIcon />
          <span className="d-none d-sm-inline">{currentName}</span>
          <span className="d-sm-none">{shortCode}</span>
        </>
      }
    >
      <h6 className="dropdown-header">{t('language.heading')}</h6>
      {languages.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={`dropdown-item${language === current ? ' active' : ''}`}
          aria-current={language === current ? 'true' : undefined}
          onClick={() => void select(language)}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </NavDropdown>
  );
}
