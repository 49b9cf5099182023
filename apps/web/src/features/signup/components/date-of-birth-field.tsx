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

  const select = (
    part: keyof DateParts,
    autoComplete: string,
    options: { value: string; label: string | number }[],
  ) => (
    <DatePartSelect
      id={`${id}-${part}`}
      part={part}
      label={t(`fields.${part}`)}
      autoComplete={autoComplete}
      value={value[part]}
      options={options}
      selectProps={selectProps}
      onChange={(next) => onChange(part, next)}
    />
  );

  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-2">{t('fields.dateOfBirth')}</legend>
      <Row className="g-2">
        <Col xs={3}>
          {select(
            'day',
            'bday-day',
            DAYS.map((day) => ({ value: String(day), label: day })),
          )}
        </Col>
        <Col xs={6} sm={5}>
          {select(
            'month',
            'bday-month',
            months.map((name, index) => ({ value: String(index + 1), label: name })),
          )}
        </Col>
        <Col xs={3} sm={4}>
          {select(
            'year',
            'bday-year',
            years.map((year) => ({ value: String(year), label: year })),
          )}
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

/** One part of the date: a select labelled (for screen readers) and led by its name. */
function DatePartSelect({
  id,
  part,
  label,
  autoComplete,
  value,
  options,
  selectProps,
  onChange,
}: {
  id: string;
  part: keyof DateParts;
  label: string;
  autoComplete: string;
  value: string;
  options: { value: string; label: string | number }[];
  selectProps: {
    className: string;
    isInvalid: boolean;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  };
  onChange: (value: string) => void;
}) {
  return (
    <>
      <Form.Label htmlFor={id} visuallyHidden>
        {label}
      </Form.Label>
      <Form.Select
        id={id}
        name={part}
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        {...selectProps}
      >
        <option value="">{label}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
    </>
  );
}
