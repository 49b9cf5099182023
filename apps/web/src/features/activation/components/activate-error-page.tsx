// /activate/error: "Activation failed (contact customer service)" with the site's support address.
import { Link } from 'react-router';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { useSettings } from '../../settings/api/get-settings.ts';
import { AuthCard } from '../../accounts/components/auth-card.tsx';
import { PageTitle } from '../../accounts/components/page-title.tsx';

export function ActivateErrorPage() {
  const { t } = useTranslation('accounts');
  const settings = useSettings();
  return (
    <AuthCard title={t('activation.errorTitle')}>
      <PageTitle title={t('activation.errorTitle')} />
      <p role="alert" className="text-danger fw-semibold">
        {t('errors:activation_failed')}
      </p>
      <p>
        <Trans
          t={t}
          i18nKey="activation.contactSupport"
          values={{ email: settings.support_email }}
          components={{ support: <a href={`mailto:${settings.support_email}`} /> }}
        />
      </p>
      <Link to={paths.index.getHref()} className="btn btn-outline-dark">
        {t('common.backHome')}
      </Link>
    </AuthCard>
  );
}
