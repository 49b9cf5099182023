// "Contact customer service" with the site's support address as a mail link.
import { Trans, useTranslation } from 'react-i18next';
import { useSettings } from '../lib/settings/get-settings.ts';

export function ContactSupport() {
  const { t } = useTranslation('accounts');
  const { support_email: email } = useSettings();
  return (
    <p>
      <Trans
        t={t}
        i18nKey="activation.contactSupport"
        values={{ email }}
        components={{ support: <a href={`mailto:${email}`} /> }}
      />
    </p>
  );
}
