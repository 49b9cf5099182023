// The adult-site disclaimer under the footer links, including the site's fictional-profile notice.
import { useTranslation } from 'react-i18next';
import type { Settings } from '@app/contracts';

export function Disclaimer({ settings }: { settings: Pick<Settings, 'name' | 'min_age' | 'fictional_warning'> }) {
  const { t } = useTranslation();
  return (
    <p className="disclaimer small mb-0">
      {t('footer.disclaimer', { name: settings.name, age: settings.min_age })}
      {settings.fictional_warning && <> {settings.fictional_warning}</>}
    </p>
  );
}
