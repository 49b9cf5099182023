// A labelled input (or textarea/select) with its translated error, linked for screen readers.
import { useId, type ChangeEvent, type ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { translateError, type FormError } from '../lib/form-errors.ts';

type FormFieldProps = {
  name: string;
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  error?: FormError;
  type?: string;
  as?: 'input' | 'textarea';
  rows?: number;
  autoComplete?: string;
  maxLength?: number;
  inputMode?: 'email' | 'text' | 'numeric' | 'decimal';
  placeholder?: string;
  hint?: ReactNode;
  isRequired?: boolean;
  isDisabled?: boolean;
  onBlur?: () => void;
  /** Shown below the error, e.g. the "Did you mean …?" prompt. */
  children?: ReactNode;
  className?: string;
};

export function FormField({
  name,
  label,
  value,
  onChange,
  error,
  type = 'text',
  as = 'input',
  rows,
  autoComplete,
  maxLength,
  inputMode,
  placeholder,
  hint,
  isRequired,
  isDisabled,
  onBlur,
  children,
  className = 'mb-3',
}: FormFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const describedBy = [error ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined;
  const controlProps = {
    name,
    value,
    onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => onChange(event.target.value),
    onBlur,
    isInvalid: Boolean(error),
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    autoComplete,
    maxLength,
    inputMode,
    placeholder,
    required: isRequired,
    disabled: isDisabled,
  };
  return (
    <Form.Group className={className} controlId={id}>
      <Form.Label>{label}</Form.Label>
      {as === 'textarea' ? (
        <Form.Control as="textarea" rows={rows} {...controlProps} />
      ) : (
        <Form.Control type={type} {...controlProps} />
      )}
      {error && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {translateError(t, error)}
        </Form.Control.Feedback>
      )}
      {hint && (
        <Form.Text id={hintId} className="d-block">
          {hint}
        </Form.Text>
      )}
      {children}
    </Form.Group>
  );
}
