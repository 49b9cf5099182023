// One field of the site form (sites-page.tsx): its translated label with the setting's key beside it, its control
// (a switch, a select, a text area or a one-line input), its hint and its error. A translated text's field is one
// language's (`locale`): its label names the language ("Warning about fictional profiles (Deutsch)").
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@app/i18n';
import { translateError } from '../../../lib/form-errors.ts';
import { LANGUAGE_NAMES } from '../../language/index.ts';
import type { SiteField } from '../lib/site-fields.ts';

export type FieldError = { code: string; params?: Record<string, string | number> };

export function SiteFieldInput({
  field,
  locale,
  value,
  error,
  onChange,
}: {
  field: SiteField;
  /** A translated text's language: the field edits that locale's text. */
  locale?: Locale;
  value: string | undefined;
  error: FieldError | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('admin');
  const id = locale ? `site-${field.key}-${locale}` : `site-${field.key}`;
  // The field's name in the staff member's language is the label (with the text's language, named in its own); the
  // setting's own key (as the spec and the API name it) stands beside it, outside the label, seen but not read out.
  const name = t(`sites.fields.${field.key}`);
  const label = locale ? t('sites.inLanguage', { field: name, language: LANGUAGE_NAMES[locale] }) : name;
  const settingKey = (
    <code className="small text-body-secondary" aria-hidden="true">
      {field.key}
    </code>
  );
  const hint = field.kind === 'list' ? t('sites.hints.list') : field.kind === 'json' ? t('sites.hints.json') : null;
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const feedback = error && (
    <div id={`${id}-error`} className="invalid-feedback d-block">
      {translateError(t, error)}
    </div>
  );
  if (field.kind === 'checkbox') {
    return (
      <>
        <div className="d-flex flex-wrap align-items-baseline gap-2">
          <Form.Check
            type="switch"
            id={id}
            label={label}
            checked={value === 'true'}
            isInvalid={Boolean(error)}
            onChange={(event) => onChange(event.target.checked ? 'true' : '')}
            aria-describedby={describedBy}
          />
          {settingKey}
        </div>
        {feedback}
      </>
    );
  }
  return (
    <>
      <div className="d-flex flex-wrap align-items-baseline column-gap-2 mb-1">
        <Form.Label htmlFor={id} className="small mb-0">
          {label}
        </Form.Label>
        {settingKey}
      </div>
      <SiteFieldControl
        field={field}
        common={{ id, value: value ?? '', isInvalid: Boolean(error), 'aria-describedby': describedBy }}
        onChange={onChange}
      />
      {hint && (
        <Form.Text id={`${id}-hint`} className="d-block">
          {hint}
        </Form.Text>
      )}
      {feedback}
    </>
  );
}

/** The control of a field that is not a switch: a select, a text area (JSON in monospace) or a one-line input. */
function SiteFieldControl({
  field,
  common,
  onChange,
}: {
  field: SiteField;
  common: { id: string; value: string; isInvalid: boolean; 'aria-describedby': string | undefined };
  onChange: (value: string) => void;
}) {
  if (field.kind === 'select') {
    return (
      <Form.Select {...common} onChange={(event) => onChange(event.target.value)}>
        {field.options!.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </Form.Select>
    );
  }
  if (field.kind === 'textarea' || field.kind === 'json') {
    return (
      <Form.Control
        as="textarea"
        rows={field.kind === 'json' ? 4 : 3}
        className={field.kind === 'json' ? 'font-monospace small' : undefined}
        {...common}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  return (
    <Form.Control
      type={field.kind === 'number' || field.kind === 'nullableNumber' ? 'number' : 'text'}
      {...common}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
