// SPEC section 8: the page shown instead of a profile whose member blocked the viewer (member and likes-member pages).
import { Container } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths.ts';
import { PageTitle } from './page-title.tsx';

/** SPEC section 8: "You're blocked by {name}"; nothing of the profile is shown. */
export function BlockedByNotice({ name }: { name: string }) {
  const { t } = useTranslation('members');
  const text = t('errors:blocked_by', { name });
  return (
    <Container className="py-5 text-center" style={{ maxWidth: '36rem' }}>
      <PageTitle title={text} />
      <h1 className="h3 mb-3">{text}</h1>
      <p className="text-body-secondary">{t('blocks.blockedByText')}</p>
      <Link to={paths.members.getHref()} className="btn btn-primary">
        {t('blocks.backToSearch')}
      </Link>
    </Container>
  );
}
