// /notifications (the settings screen): notifications per type and invisible mode, e-mail address, password and the delete-account item; members only.
import { Card, Container } from 'react-bootstrap';
import { Navigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { ChangeEmailForm } from '../../mail-change/index.ts';
import { DeleteAccountSection } from '../../account-deletion/index.ts';
import { NotificationSettingsSections } from '../../notifications/index.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { ChangePasswordForm } from './change-password-form.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';

export function AccountSettingsPage() {
  const { t } = useTranslation('accounts');
  const { data: user, isPending } = useUser();
  if (isPending) return <LoadingSpinner />;
  if (!user) return <Navigate to={paths.login.getHref(paths.notifications.getHref())} replace />;

  return (
    <Container className="py-4 py-md-5" style={{ maxWidth: '48rem' }}>
      <PageTitle title={t('settings.title')} />
      <h1 className="h2 mb-4">{t('settings.title')}</h1>
      <NotificationSettingsSections />
      <Card className="border-0 shadow-sm mb-4">
        <Card.Body className="p-4">
          <ChangeEmailForm user={user} />
        </Card.Body>
      </Card>
      <Card className="border-0 shadow-sm mb-4">
        <Card.Body className="p-4">
          <ChangePasswordForm />
        </Card.Body>
      </Card>
      <Card className="border-0 shadow-sm mb-4">
        <Card.Body className="p-4">
          <DeleteAccountSection />
        </Card.Body>
      </Card>
    </Container>
  );
}
