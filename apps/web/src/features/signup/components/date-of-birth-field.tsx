// Date of birth as three labelled selects (day, month, year) in one fieldset, with the field's translated error.
import { useId, useMemo } from 'react';
import { Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { MAX_AGE_YEARS } from '@app/contracts';
import { translateError, type FormError } from '../../../lib/form-errors.ts';
import { getBirthYears, type DateParts } from '../lib/date-of-birth.ts';

type DateOfBirthFieldProps = {
  value: DateParts;
  onChange: (part: keyof DateParts, value: string) => void;
  minAge: number;
  error?: FormError;
};

const DAYS = Array.from({ length: 31 }, (_, index) => index + 1);

export function DateOfBirthField({ value, onChange, minAge, error }: DateOfBirthFieldProps) {
  const { t, i18n } = useTranslation('accounts');
  const id = useId();
  const errorId = `${id}-error`;
  const months = useMemo(() => {
    const format = new Intl.DateTimeFormat(i18n.language, { month: 'long', timeZone: 'UTC' });
    return Array.from({ length: 12 }, (_, index) => format.format(new Date(Date.UTC(2000, index, 1))));
  }, [i18n.language]);
  const years = useMemo(() => getBirthYears(new Date().getFullYear(), minAge, MAX_AGE_YEARS), [minAge]);
  const describedBy = error ? errorId : undefined;
  // "Enter your date of birth ({{min_age}}+)": the schema's empty-field issue carries no params, the site's age fills in.
  const selectProps = {
    className: 'dob-select',
    isInvalid: Boolean(error),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
  } as const;

  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-2">{t('fields.dateOfBirth')}</legend>
      <Row className="g-2">
        <Col xs={3}>
          <Form.Label htmlFor={`${id}-day`} visuallyHidden>
            {t('fields.day')}
          </Form.Label>
          <Form.Select
            id={`${id}-day`}
            name="day"
            autoComplete="bday-day"
            value={value.day}
            onChange={(event) => onChange('day', event.target.value)}
            {...selectProps}
          >
            <option value="">{t('fields.day')}</option>
            {DAYS.map((day) => (
              <option key={day} value={String(day)}>
                {day}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={6} sm={5}>
          <Form.Label htmlFor={`${id}-month`} visuallyHidden>
            {t('fields.month')}
          </Form.Label>
          <Form.Select
            id={`${id}-month`}
            name="month"
            autoComplete="bday-month"
            value={value.month}
            onChange={(event) => onChange('month', event.target.value)}
            {...selectProps}
          >
            <option value="">{t('fields.month')}</option>
            {months.map((name, index) => (
              <option key={name} value={String(index + 1)}>
                {name}
              </option>
            ))}
          </Form.Select>
        </Col>
        <Col xs={3} sm={4}>
          <Form.Label htmlFor={`${id}-year`} visuallyHidden>
            {t('fields.year')}
          </Form.Label>
          <Form.Select
            id={`${id}-year`}
            name="year"
            autoComplete="bday-year"
            value={value.year}
            onChange={(event) => onChange('year', event.target.value)}
            {...selectProps}
          >
            <option value="">{t('fields.year')}</option>
            {years.map((year) => (
              <option key={year} value={String(year)}>
                {year}
              </option>
            ))}
          </Form.Select>
        </Col>
      </Row>
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {translateError(t, { ...error, params: { min_age: minAge, ...error.params } })}
        </div>
      )}
    </fieldset>
  );
}
