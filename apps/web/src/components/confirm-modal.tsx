// A yes/no question in a modal (block a member, delete a photo); the confirm button names the action.
import type { ReactNode } from 'react';
import { Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

type ConfirmModalProps = {
  isOpen: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  confirmVariant?: string;
  isBusy?: boolean;
  /** The confirm button waits for something still to choose in the body (the staff console's reason). */
  isConfirmDisabled?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

export function ConfirmModal({
  isOpen,
  title,
  children,
  confirmLabel,
  confirmVariant = 'danger',
  isBusy = false,
  isConfirmDisabled = false,
  onConfirm,
  onCancel,
}: ConfirmModalProps) {
  const { t } = useTranslation('members');
  return (
    <Modal show={isOpen} onHide={onCancel} centered aria-labelledby="confirm-modal-title">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="confirm-modal-title" as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{children}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={onCancel} disabled={isBusy}>
          {t('common.cancel')}
        </Button>
        <Button variant={confirmVariant} onClick={onConfirm} disabled={isBusy || isConfirmDisabled}>
          {isBusy && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
