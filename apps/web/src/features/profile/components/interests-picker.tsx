// Interests as a group of checkbox chips with icons: the site's catalogue (settings.interests), at most INTERESTS_MAX chosen.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { INTERESTS_MAX } from '@app/contracts';
import { useInterestIcons } from '../../../components/interest-list.tsx';
import { translateError, type FormError } from '../../../lib/form-errors.ts';
import { useSettings } from '../../../lib/settings/get-settings.ts';

type InterestsPickerProps = { value: string[]; onChange: (value: string[]) => void; error?: FormError };

export function InterestsPicker({ value, onChange, error }: InterestsPickerProps) {
  const { t } = useTranslation('members');
  const settings = useSettings();
  const icons = useInterestIcons();
  const id = useId();
  const chosen = new Set(value);
  const isFull = chosen.size >= INTERESTS_MAX;

  const toggle = (key: string) => onChange(chosen.has(key) ? value.filter((entry) => entry !== key) : [...value, key]);

  return (
    <fieldset className="mb-3" aria-describedby={`${id}-count${error ? ` ${id}-error` : ''}`}>
      <legend className="form-label fs-6 mb-1">{t('fields.interests')}</legend>
      <p id={`${id}-count`} className="small text-body-secondary mb-2">
        {t('profileForm.interestsCount', { count: chosen.size, max: INTERESTS_MAX })}
      </p>
      <div className="interests-picker d-flex flex-wrap gap-2">
        {settings.interests.map((key) => {
          const inputId = `${id}-${key}`;
          const isChecked = chosen.has(key);
          return (
            <div key={key} className="interest-option">
              <input
                type="checkbox"
                className="btn-check"
                id={inputId}
                checked={isChecked}
                disabled={!isChecked && isFull}
                onChange={() => toggle(key)}
              />
              <label className={`btn btn-sm rounded-pill ${isChecked ? 'btn-primary' : 'btn-outline-secondary'}`} htmlFor={inputId}>
                {icons[key] && (
                  <span className="me-1" aria-hidden="true">
                    {icons[key]}
                  </span>
                )}
                {t(`interests.${key}`, { defaultValue: key })}
              </label>
            </div>
          );
        })}
      </div>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {translateError(t, error)}
        </div>
      )}
    </fieldset>
  );
}
