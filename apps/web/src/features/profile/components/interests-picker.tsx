// Interests as a group of checkbox chips with icons: the site's catalogue (settings.interests), at most INTERESTS_MAX chosen.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERESTS_MAX } from '@app/contracts';
import { InterestIcon, useInterestIcons } from '../../../components/interest-list.tsx';
import { translateError, type FormError } from '../../../lib/form-errors.ts';
import { useSettings } from '../../../lib/settings/get-settings.ts';

type InterestsPickerProps = {
  value: string[];
  onChange: (value: string[]) => void;
  error?: FormError;
  /** Inside a section titled "Interests" the legend is for screen readers only. */
  isLegendHidden?: boolean;
};

/** Interests shown on a phone before "Show all interests". */
const COLLAPSED_COUNT = 16;

export function InterestsPicker({ value, onChange, error, isLegendHidden = false }: InterestsPickerProps) {
  const { t } = useTranslation('members');
  const settings = useSettings();
  const icons = useInterestIcons();
  const id = useId();
  const chosen = new Set(value);
  const isFull = chosen.size >= INTERESTS_MAX;
  // Phones show the first interests and the chosen ones until the member asks for all (the list is long).
  const [isExpanded, setExpanded] = useState(false);
  const isCollapsible = settings.interests.length > COLLAPSED_COUNT;

  const toggle = (key: string) => onChange(chosen.has(key) ? value.filter((entry) => entry !== key) : [...value, key]);

  return (
    <fieldset className="mb-3" aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}>
      <legend className={isLegendHidden ? 'visually-hidden' : 'form-label fs-6 mb-1'}>{t('fields.interests')}</legend>
      <p id={`${id}-count`} className="small text-body-secondary mb-2">
        {t('profileForm.interestsCount', { count: chosen.size, max: INTERESTS_MAX })}
      </p>
      <div
        id={`${id}-options`}
        className={`interests-picker d-flex flex-wrap gap-2 ${isExpanded ? '' : 'is-collapsed'}`}
      >
        {settings.interests.map((key, index) => {
          const inputId = `${id}-${key}`;
          const isChecked = chosen.has(key);
          return (
            <div key={key} className={`interest-option ${index >= COLLAPSED_COUNT && !isChecked ? 'is-extra' : ''}`}>
              <input
                type="checkbox"
                className="btn-check"
                id={inputId}
                checked={isChecked}
                disabled={!isChecked && isFull}
                onChange={() => toggle(key)}
              />
              <label
                className={`btn btn-sm rounded-pill d-inline-flex align-items-center ${isChecked ? 'btn-primary' : 'btn-light border'}`}
                htmlFor={inputId}
              >
                <InterestIcon icon={icons[key]} size={15} className="me-1 interest-option-icon" />
                {t(`interests.${key}`, { defaultValue: key })}
              </label>
            </div>
          );
        })}
      </div>
      {isCollapsible && (
        <button
          type="button"
          className="btn btn-link btn-sm px-0 mt-2 d-md-none interests-toggle"
          aria-expanded={isExpanded}
          aria-controls={`${id}-options`}
          onClick={() => setExpanded((current) => !current)}
        >
          {isExpanded
            ? t('profileForm.showFewerInterests')
            : t('profileForm.showAllInterests', { count: settings.interests.length })}
        </button>
      )}
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {translateError(t, error)}
        </div>
      )}
    </fieldset>
  );
}
