// The IBAN input: written in groups of four while typing (the caret stays after the character it followed), checked
// with ibantools once the member leaves it, and a valid IBAN's bank code said politely beside it. Marked up as FormField.
import { useId, useLayoutEffect, useRef, useState, type ChangeEvent } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { translateError, type FormError } from '../../../lib/form-errors.ts';
import { caretAfterFormatting, checkIban, compactIban, formatIban, IBAN_MAX_FORMATTED_LENGTH } from '../lib/iban.ts';

type IbanFieldProps = {
  name: string;
  value: string;
  onChange: (value: string) => void;
  /** The submit's or the server's error; a typed IBAN that fails the check shows its own once the field is left. */
  error?: FormError;
};

export function IbanField({ name, value, onChange, error }: IbanFieldProps) {
  const { t } = useTranslation('payments');
  const { t: tErrors } = useTranslation();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const caretRef = useRef<number | null>(null);
  // Checked when the member leaves the field, not at every keystroke of an IBAN still being typed.
  const [isLeft, setIsLeft] = useState(false);
  const check = checkIban(value);
  const shownError = error ?? (isLeft && value && !check.isValid ? { code: 'iban_invalid' } : undefined);

  useLayoutEffect(() => {
    const input = inputRef.current;
    if (caretRef.current === null || !input || document.activeElement !== input) return;
    input.setSelectionRange(caretRef.current, caretRef.current);
    caretRef.current = null;
  });

  const handleChange = (event: ChangeEvent<HTMLInputElement>) => {
    let typed = event.target.value;
    let caret = event.target.selectionStart ?? typed.length;
    // Deleting one of the spaces this field writes deletes the character beside it instead.
    if (typed.length < value.length && compactIban(typed) === compactIban(value)) {
      const inputType = (event.nativeEvent as InputEvent).inputType;
      if (inputType === 'deleteContentForward') typed = typed.slice(0, caret) + typed.slice(caret + 1);
      else if (caret > 0) {
        typed = typed.slice(0, caret - 1) + typed.slice(caret);
        caret -= 1;
      }
    }
    caretRef.current = caretAfterFormatting(typed, caret);
    setIsLeft(false);
    onChange(formatIban(typed));
  };

  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const statusId = `${id}-status`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{t('directDebit.iban')}</Form.Label>
      <Form.Control
        ref={inputRef}
        name={name}
        value={value}
        onChange={handleChange}
        onBlur={() => setIsLeft(true)}
        isInvalid={Boolean(shownError)}
        isValid={!shownError && check.isValid}
        aria-invalid={shownError ? true : undefined}
        aria-describedby={[shownError ? errorId : null, hintId, check.isValid ? statusId : null]
          .filter(Boolean)
          .join(' ')}
        autoComplete="off"
        autoCapitalize="characters"
        autoCorrect="off"
        spellCheck={false}
        maxLength={IBAN_MAX_FORMATTED_LENGTH}
        className="iban-input font-monospace"
        required
      />
      {shownError && (
        <Form.Control.Feedback type="invalid" id={errorId}>
          {translateError(tErrors, shownError)}
        </Form.Control.Feedback>
      )}
      <p id={statusId} className="iban-status small text-success mb-0" role="status">
        {!shownError &&
          check.isValid &&
          (check.bankCode ? t('directDebit.ibanValid', { code: check.bankCode }) : t('directDebit.ibanValidNoCode'))}
      </p>
      <Form.Text id={hintId} className="d-block">
        {t('directDebit.ibanHint')}
      </Form.Text>
    </Form.Group>
  );
}
