// The buttons under a signup step: the main action (submit) and an optional skip, both disabled while saving.
import { Button } from 'react-bootstrap';
import { SubmitButton } from '../../../../components/submit-button.tsx';

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
        <SubmitButton variant="primary" isPending={isSaving}>
          {submitLabel}
        </SubmitButton>
      )}
    </div>
  );
}
