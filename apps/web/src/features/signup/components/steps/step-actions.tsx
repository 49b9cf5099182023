// The buttons under a signup step: the main action (submit) and an optional skip, both disabled while saving.
import { Button, Spinner } from 'react-bootstrap';

type StepActionsProps = {
  submitLabel?: string;
  skipLabel?: string;
  onSkip?: () => void;
  isSaving: boolean;
};

export function StepActions({ submitLabel, skipLabel, onSkip, isSaving }: StepActionsProps) {
  return (
    <div className="d-flex flex-wrap gap-2 justify-content-end mt-4">
      {onSkip && skipLabel && (
        <Button variant="outline-dark" onClick={onSkip} disabled={isSaving}>
          {skipLabel}
        </Button>
      )}
      {submitLabel && (
        <Button type="submit" variant="primary" disabled={isSaving}>
          {isSaving && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {submitLabel}
        </Button>
      )}
    </div>
  );
}
