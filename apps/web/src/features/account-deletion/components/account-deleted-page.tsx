// /account-deleted: explains the 14-day reactivation; opened from the mailed link (?token=) it reactivates the account.
import { useEffect } from 'react';
import { Alert } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { REACTIVATION_DAYS } from '@app/contracts';
import { HOME_AFTER_LOGIN, paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/i18n.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ContactSupport } from '../../../components/contact-support.tsx';
import { toFormErrors, translateError } from '../../../lib/form-errors.ts';
import { setSessionUser } from '../../../lib/session/session-cache.ts';
import { useReactivation } from '../api/reactivate.ts';
import type { AccountDeletedState } from './delete-account-section.tsx';

function Reactivation({ token }: { token: string }) {
  const { t } = useTranslation('accounts');
  // The session check of this page load goes first: the reactivation replaces the session cookie.
  const session = useUser();
  const reactivation = useReactivation(token, !session.isPending && !session.isFetching);
  const queryClient = useQueryClient();
  const user = reactivation.data?.user;

  useEffect(() => {
    if (user) void setSessionUser(queryClient, user);
  }, [user, queryClient]);

  if (reactivation.isPending) return <LoadingSpinner />;
  if (reactivation.isError) {
    return (
      <>
        <Alert variant="danger" role="alert">
          {translateError(t, toFormErrors(reactivation.error).form ?? { code: 'link_invalid' })}
        </Alert>
        <ContactSupport />
      </>
    );
  }
  return (
    <>
      <Alert variant="success" role="status">
        {t('accountDeleted.reactivated')}
      </Alert>
      <Link to={HOME_AFTER_LOGIN} className="btn btn-primary">
        {t('accountDeleted.continue')}
      </Link>
    </>
  );
}

export function AccountDeletedPage() {
  const { t } = useTranslation('accounts');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const state = useLocation().state as AccountDeletedState | null;
  const title = token ? t('accountDeleted.reactivateTitle') : t('accountDeleted.title');

  return (
    <AuthCard title={title}>
      <PageTitle title={title} />
      {token ? (
        <Reactivation token={token} />
      ) : (
        <>
          <p>{t('accountDeleted.text', { days: REACTIVATION_DAYS })}</p>
          {state?.reactivateUntil && (
            <p className="fw-semibold">{t('accountDeleted.until', { date: formatDate(state.reactivateUntil) })}</p>
          )}
          <p className="text-body-secondary">{t('accountDeleted.afterwards')}</p>
          <Link to={paths.index.getHref()} className="btn btn-outline-dark">
            {t('common.backHome')}
          </Link>
        </>
      )}
    </AuthCard>
  );
}
