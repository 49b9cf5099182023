// The signup modal of the default and empty layouts; while a signup is under way backdrop clicks and Escape do not close it.
import { Suspense, lazy, useEffect } from 'react';
import { Modal } from 'react-bootstrap';
import { useIsMutating } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_AFTER_LOGIN } from '../../../config/paths.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { SIGNUP_MUTATION_KEY } from '../api/signup-account.ts';
import { closeSignupModal, registerSignupModal, useSignupModalState } from '../../../lib/signup-modal-store.ts';
import { isSignupInProgress, resolveSignupScreen } from '../lib/signup-steps.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';

// Loaded when the modal first opens: the steps and their schemas are not needed by every page of the layout.
const SignupFlow = lazy(async () => ({ default: (await import('./signup-flow.tsx')).SignupFlow }));

/** The signup pages show the flow themselves. */
export function isSignupPagePath(pathname: string): boolean {
  return /^\/(signup|complete-signup)\/?$/.test(pathname) || /^\/members\/[^/]+\/signup\/?$/.test(pathname);
}

export function SignupModal() {
  const { t } = useTranslation('accounts');
  const state = useSignupModalState();
  const location = useLocation();
  const navigate = useNavigate();
  const { data: user } = useUser();
  const isSaving = useIsMutating({ mutationKey: SIGNUP_MUTATION_KEY }) > 0;
  const isInProgress = isSignupInProgress(resolveSignupScreen(user), isSaving);

  useEffect(() => registerSignupModal(), []);

  const finish = () => {
    closeSignupModal();
    void navigate(HOME_AFTER_LOGIN);
  };

  return (
    <Modal
      show={state.isOpen && !isSignupPagePath(location.pathname)}
      onHide={closeSignupModal}
      backdrop={isInProgress ? 'static' : true}
      keyboard={!isInProgress}
      centered
      aria-labelledby="signup-modal-title"
    >
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="signup-modal-title">{t('signup.title')}</Modal.Title>
      </Modal.Header>
      <Modal.Body className="p-4">
        <Suspense fallback={<LoadingSpinner />}>
          <SignupFlow targetProfileId={state.targetProfileId} onFinish={finish} />
        </Suspense>
      </Modal.Body>
    </Modal>
  );
}
