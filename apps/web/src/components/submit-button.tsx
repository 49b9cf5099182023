// A form's submit button that is disabled and shows a spinner before its label while the submit is pending.
import type { ComponentProps } from 'react';
import { Button, Spinner } from 'react-bootstrap';

type SubmitButtonProps = Omit<ComponentProps<typeof Button>, 'type'> & { isPending: boolean };

export function SubmitButton({ isPending, disabled, children, ...buttonProps }: SubmitButtonProps) {
  return (
    <Button {...buttonProps} type="submit" disabled={isPending || disabled}>
      {isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
      {children}
    </Button>
  );
}
