// /activate/error: "Activation failed (contact customer service)" with the site's support address.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { AuthCard } from '../../../components/auth-card.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import { ContactSupport } from '../../../components/contact-support.tsx';

export function ActivateErrorPage() {
  const { t } = useTranslation('accounts');
  return (
    <AuthCard title={t('activation.errorTitle')}>
      <PageTitle title={t('activation.errorTitle')} />
      <p role="alert" className="text-danger fw-semibold">
        {t('errors:activation_failed')}
      </p>
      <ContactSupport />
      <Link to={paths.index.getHref()} className="btn btn-outline-dark">
        {t('common.backHome')}
      </Link>
    </AuthCard>
  );
}
