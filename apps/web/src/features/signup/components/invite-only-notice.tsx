// Shown instead of the signup form when the site's `signups` setting does not let this visitor in.
import { Alert } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';

export function InviteOnlyNotice() {
  const { t } = useTranslation('accounts');
  return (
    <section aria-labelledby="signup-invite-only-title">
      <h2 id="signup-invite-only-title" className="h4 mb-3">
        {t('signup.inviteOnly.title')}
      </h2>
      <Alert variant="info">{t('errors:signups_invite_only')}</Alert>
      <p className="mb-0">
        {t('signup.inviteOnly.haveAccount')} <Link to={paths.login.getHref()}>{t('login.submit')}</Link>
      </p>
    </section>
  );
}
