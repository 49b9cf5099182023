// One choice as radio buttons in a fieldset with its legend; its error is said for the group (the fieldset is described
// by it) and every radio shows as invalid.
import type { ReactNode } from 'react';
import { Form } from 'react-bootstrap';

type RadioGroupFieldProps<Value extends string> = {
  /** Prefix of the radios' ids (`<idPrefix>-<value>`) and of the error's (`<idPrefix>-error`). */
  idPrefix: string;
  name: string;
  legend: ReactNode;
  legendClassName: string;
  options: readonly { value: Value; label: string }[];
  value: string;
  /** The error already translated, or nothing. */
  error: string | null;
  onChange: (value: Value) => void;
};

export function RadioGroupField<Value extends string>({
  idPrefix,
  name,
  legend,
  legendClassName,
  options,
  value,
  error,
  onChange,
}: RadioGroupFieldProps<Value>) {
  const errorId = `${idPrefix}-error`;
  return (
    <fieldset className="mb-3" aria-describedby={error ? errorId : undefined}>
      <legend className={legendClassName}>{legend}</legend>
      {options.map((option) => (
        <Form.Check
          key={option.value}
          type="radio"
          id={`${idPrefix}-${option.value}`}
          name={name}
          value={option.value}
          label={option.label}
          checked={value === option.value}
          isInvalid={Boolean(error)}
          onChange={() => onChange(option.value)}
        />
      ))}
      {error && (
        <div id={errorId} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}
