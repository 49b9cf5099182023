// /complete-signup: a logged-in member continues an unfinished signup at the step the server remembers.
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { HOME_AFTER_LOGIN, paths } from '../../../config/paths.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { useUser } from '../../../lib/session/get-user.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { resolveSignupScreen } from '../lib/signup-steps.ts';
import { SignupFlow } from './signup-flow.tsx';

export function CompleteSignupPage() {
  const { t } = useTranslation('accounts');
  const navigate = useNavigate();
  const { data: user, isPending } = useUser();

  if (isPending) return <LoadingSpinner />;
  if (!user) return <Navigate to={paths.login.getHref(paths.completeSignup.getHref())} replace />;
  if (resolveSignupScreen(user) === 'complete') return <Navigate to={HOME_AFTER_LOGIN} replace />;
  return (
    <AuthCard title={t('signup.completeTitle')} width="wide">
      <PageTitle title={t('signup.completeTitle')} />
      <SignupFlow onFinish={() => void navigate(HOME_AFTER_LOGIN)} />
    </AuthCard>
  );
}
