// The language switcher of the top navigation; shown only when the site offers more than one language.
import { useState } from 'react';
import { Dropdown } from 'react-bootstrap';
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
    <Dropdown align={align} className="language-dropdown">
      <Dropdown.Toggle
        variant="outline-dark"
        size="sm"
        className="d-inline-flex align-items-center gap-1"
        aria-label={t('language.toggle', { language: currentName })}
        disabled={isSwitching}
      >
        <GlobeIcon />
        <span className="d-none d-sm-inline">{currentName}</span>
        <span className="d-sm-none text-uppercase">{current.slice(0, 2)}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu className="shadow-sm">
        <Dropdown.Header>{t('language.heading')}</Dropdown.Header>
        {languages.map((language) => (
          <Dropdown.Item
            key={language}
            as="button"
            type="button"
            lang={language}
            active={language === current}
            aria-current={language === current ? 'true' : undefined}
            onClick={() => void select(language)}
          >
            {LANGUAGE_NAMES[language]}
          </Dropdown.Item>
        ))}
      </Dropdown.Menu>
    </Dropdown>
  );
}
