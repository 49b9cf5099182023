// The activation reminder of SPEC section 4: an alert banner, or on a smartphone after an API signup a modal; both resend the mail.
import { useMemo } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STORAGE_KEYS } from '../../../lib/storage.ts';
import { useAlertBanner, type AlertBanner } from '../../../components/alerts/alert-store.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { useSignupModalState } from '../../../lib/signup-modal-store.ts';
import {
  ACTIVATION_ALERT_DISMISS_MS,
  SIGNUP_COMPLETE_FLAG,
  getActivationReminderKind,
  isSmartphone,
} from '../lib/activation-reminder.ts';
import { ResendActivationButton } from './resend-activation-button.tsx';

/** The signup screens and activation pages already say all of this. */
function isSignupOrActivationPath(pathname: string): boolean {
  return /^\/(signup|complete-signup|activate)(\/|$)/.test(pathname) || /^\/members\/[^/]+\/signup$/.test(pathname);
}

function ActivationAlertContent({ email }: { email: string }) {
  const { t } = useTranslation('accounts');
  return (
    <div className="d-flex flex-column flex-md-row gap-2 align-items-md-center justify-content-between">
      <span>{t('activation.reminder', { email })}</span>
      <ResendActivationButton size="sm" variant="outline-dark" />
    </div>
  );
}

export function ActivationReminder() {
  const { t } = useTranslation('accounts');
  const { data: user } = useUser();
  const location = useLocation();
  const [searchParams, setSearchParams] = useSearchParams();
  const hasSignupCompleteFlag = searchParams.has(SIGNUP_COMPLETE_FLAG);
  const isSignupModalOpen = useSignupModalState().isOpen;
  const kind =
    isSignupModalOpen || isSignupOrActivationPath(location.pathname)
      ? 'none'
      : getActivationReminderKind(user, {
          hasSignupCompleteFlag,
          isSmartphone: isSmartphone(window.innerWidth, navigator.userAgent),
        });

  const email = user?.email ?? '';
  const alert = useMemo<AlertBanner | null>(
    () =>
      kind === 'alert'
        ? {
            id: 'activation-reminder',
            variant: 'warning',
            message: <ActivationAlertContent email={email} />,
            dismissKey: STORAGE_KEYS.activationAlert,
            dismissForMs: ACTIVATION_ALERT_DISMISS_MS,
            // The first prompt of all (docs/web-layout.md): confirming the address comes before a photo, push or an
            // offer, and only one of them shows at a time.
            promptRank: 0,
          }
        : null,
    [kind, email],
  );
  useAlertBanner(alert);

  const closeModal = () => {
    // Without the flag a reload shows the alert instead of reopening the modal.
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete(SIGNUP_COMPLETE_FLAG);
        return next;
      },
      { replace: true },
    );
  };

  return (
    <Modal show={kind === 'modal'} onHide={closeModal} centered aria-labelledby="activation-reminder-title">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="activation-reminder-title">{t('activation.reminderTitle')}</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p>{t('activation.reminder', { email })}</p>
        <ResendActivationButton variant="primary" />
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-dark" onClick={closeModal}>
          {t('common.close')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
