// /mail-change/do?token= : confirms the new e-mail address from the mailed link.
import { useEffect } from 'react';
import { Alert } from 'react-bootstrap';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { userKeys } from '../../../lib/session/get-user.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { toFormErrors, translateError } from '../../../lib/form-errors.ts';
import { useConfirmMailChange } from '../api/confirm-mail-change.ts';

export function MailChangeDoPage() {
  const { t } = useTranslation('accounts');
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const confirmation = useConfirmMailChange(token);
  const queryClient = useQueryClient();
  const isConfirmed = confirmation.isSuccess;

  useEffect(() => {
    // The member's cached e-mail (and status: a proven address activates) are now stale.
    if (isConfirmed) void queryClient.invalidateQueries({ queryKey: userKeys.all });
  }, [isConfirmed, queryClient]);

  const renderContent = () => {
    if (token === '')
      return (
        <Alert variant="danger" role="alert">
          {t('errors:link_invalid')}
        </Alert>
      );
    if (confirmation.isPending) return <LoadingSpinner />;
    if (confirmation.isError) {
      const error = toFormErrors(confirmation.error);
      // A bad address comes back as a field error of the stored new address.
      const shown = error.fields.email ?? error.form ?? { code: 'error_generic' };
      return (
        <Alert variant="danger" role="alert">
          {translateError(t, shown)}
        </Alert>
      );
    }
    return (
      <Alert variant="success" role="status">
        {t('mailChange.done', { email: confirmation.data.email })}
      </Alert>
    );
  };

  return (
    <AuthCard title={t('mailChange.title')}>
      <PageTitle title={t('mailChange.title')} />
      {renderContent()}
      <Link to={paths.notifications.getHref()} className="btn btn-outline-dark">
        {t('mailChange.toSettings')}
      </Link>
    </AuthCard>
  );
}
