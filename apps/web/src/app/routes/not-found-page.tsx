// Unknown route: "404 This page could not be found" with a link home.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';

export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="container py-5 text-center">
      <h1>{t('errorPage.notFoundTitle')}</h1>
      <Link to={paths.index.getHref()}>{t('errorPage.backHome')}</Link>
    </section>
  );
}
