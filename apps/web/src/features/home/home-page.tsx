// The visitors' home page (route name index).
import { useTranslation } from 'react-i18next';
import { useSettings } from '../settings/api/get-settings.ts';

export function HomePage() {
  const { t } = useTranslation();
  const settings = useSettings();
  return <h1>{t('home.title', { name: settings.name })}</h1>;
}
