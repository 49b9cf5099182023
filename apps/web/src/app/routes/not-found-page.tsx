// Unknown route: "404 This page could not be found" with a link back home.
import { useTranslation } from 'react-i18next';
import { ErrorPage } from './error-page.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  return <ErrorPage status={404} message={t('errorPage.notFound')} />;
}
