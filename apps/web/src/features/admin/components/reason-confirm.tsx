// The console's confirmation of an action that hurts (ban, suspend, delete a photo, reject a selfie): the shared modal
// (role dialog, focus kept inside, Escape cancels) names the member and the consequence, and the reason is chosen on
// purpose in it: the list starts empty ("Choose a reason") and the confirm button waits for a choice.
import { useId, useState, type ReactNode } from 'react';
import { Form } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';

export type ReasonOption<R extends string> = { value: R; label: string };

export function ReasonConfirm<R extends string>({
  isOpen,
  title,
  children,
  confirmLabel,
  reasons,
  isBusy = false,
  onConfirm,
  onCancel,
}: {
  isOpen: boolean;
  title: string;
  /** The consequence, said before the reason. */
  children: ReactNode;
  confirmLabel: string;
  reasons: readonly ReasonOption<R>[];
  isBusy?: boolean;
  onConfirm: (reason: R) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const selectId = useId();
  const [reason, setReason] = useState<R | ''>('');
  // Every opening starts without a reason: nothing is carried over from the last member or photo.
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    setWasOpen(isOpen);
    if (isOpen) setReason('');
  }
  return (
    <ConfirmModal
      isOpen={isOpen}
      title={title}
      confirmLabel={confirmLabel}
      isBusy={isBusy}
      isConfirmDisabled={reason === ''}
      onConfirm={() => {
        if (reason !== '') onConfirm(reason);
      }}
      onCancel={onCancel}
    >
      {children}
      <Form.Group controlId={selectId} className="mt-3">
        <Form.Label>{t('confirm.reason')}</Form.Label>
        <Form.Select value={reason} required onChange={(event) => setReason(event.target.value as R | '')}>
          <option value="">{t('confirm.chooseReason')}</option>
          {reasons.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
    </ConfirmModal>
  );
}
