// /signup and /members/:id/signup: the signup steps as a page (the member's id makes step 0 ask for a first message).
import { useEffect } from 'react';
import { Navigate, useNavigate, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_AFTER_LOGIN } from '../../../config/paths.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useUser } from '../../../lib/session/get-user.ts';
import { closeSignupModal } from '../../../lib/signup-modal-store.ts';
import { resolveSignupScreen } from '../lib/signup-steps.ts';
import { SignupFlow } from './signup-flow.tsx';

export function parseProfileId(value: string | undefined): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export function SignupPage() {
  const { t } = useTranslation('accounts');
  const params = useParams();
  const navigate = useNavigate();
  const { data: user } = useUser();

  useEffect(() => closeSignupModal(), []);

  if (resolveSignupScreen(user) === 'complete') return <Navigate to={HOME_AFTER_LOGIN} replace />;
  return (
    <AuthCard title={t('signup.title')} width="wide">
      <PageTitle title={t('signup.title')} />
      <SignupFlow targetProfileId={parseProfileId(params.id)} onFinish={() => void navigate(HOME_AFTER_LOGIN)} />
    </AuthCard>
  );
}
