// /activate?token= (the activation mail's link): activates, logs in, then shows /activate/done or /activate/error.
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { applyAccountLanguage, setSessionUser } from '../../../lib/session/session-cache.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useActivation } from '../api/activate.ts';

export function ActivatePage() {
  const { t } = useTranslation('accounts');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  // The session check of this page load goes first (useUser starts it if nobody has yet).
  const session = useUser();
  const activation = useActivation(token, !session.isPending && !session.isFetching);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const user = activation.data?.user;
  // A link opened again once the account is active: no error, and nobody is logged in by a used link.
  const isAlreadyActive = activation.error instanceof ApiError && activation.error.code === 'already_activated';
  const hasFailed = token === '' || (activation.isError && !isAlreadyActive);

  useEffect(() => {
    if (hasFailed) {
      void navigate(paths.activateError.getHref(), { replace: true });
    } else if (user) {
      void (async () => {
        await setSessionUser(queryClient, user);
        await applyAccountLanguage(user).catch(() => undefined);
        await navigate(paths.activateDone.getHref(), { replace: true });
      })();
    }
  }, [hasFailed, user, queryClient, navigate]);

  if (isAlreadyActive) {
    const isLoggedIn = Boolean(session.data);
    return (
      <AuthCard title={t('activation.alreadyTitle')}>
        <PageTitle title={t('activation.alreadyTitle')} />
        <p>{isLoggedIn ? t('activation.alreadyTextLoggedIn') : t('activation.alreadyText')}</p>
        <Link
          to={isLoggedIn ? paths.members.getHref() : paths.login.getHref(paths.members.getHref())}
          className="btn btn-primary"
        >
          {isLoggedIn ? t('activation.alreadyContinue') : t('activation.alreadyLogin')}
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('activation.activating')}>
      <PageTitle title={t('activation.activating')} />
      <LoadingSpinner />
    </AuthCard>
  );
}
