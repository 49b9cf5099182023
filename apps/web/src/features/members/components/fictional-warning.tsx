// The site's fictional-profile warning (settings.fictional_warning with fictional_icon), shown on profiles marked fictional.
import { Alert } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { FictionalIcon } from '../../../components/fictional-icon.tsx';
import { useSettings } from '../../../lib/settings/get-settings.ts';

export function FictionalWarning() {
  const { t } = useTranslation('members');
  const settings = useSettings();
  return (
    <Alert variant="info" className="d-flex gap-2 align-items-start mb-3" role="note">
      <span className="fs-4 lh-1">
        <FictionalIcon />
      </span>
      <span>
        <strong className="d-block">{t('profile.fictionalWarning', { fictional: settings.fictional_singular })}</strong>
        {settings.fictional_warning}
      </span>
    </Alert>
  );
}
