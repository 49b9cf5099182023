// A labelled select with its translated error, linked for screen readers.
import { useId, type ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { translateError, type FormError } from '../lib/form-errors.ts';

type FormSelectProps = {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  options: { value: string; label: string }[];
  /** The empty first choice ("Choose…"). */
  placeholder?: string;
  error?: FormError;
  autoComplete?: string;
  isDisabled?: boolean;
};

export function FormSelect({
  name,
  label,
  value,
  onChange,
  options,
  placeholder,
  error,
  autoComplete,
  isDisabled,
}: FormSelectProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Select
        name={name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        isInvalid={Boolean(error)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        autoComplete={autoComplete}
        disabled={isDisabled}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Form.Select>
      {error && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {translateError(t, error)}
        </Form.Control.Feedback>
      )}
    </Form.Group>
  );
}
