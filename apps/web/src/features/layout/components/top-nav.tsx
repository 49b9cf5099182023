// The top navigation: logo home, language dropdown, and the Login button for visitors or the account dropdown for members.
import { Container, Navbar } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { Logo } from '../../../components/logo.tsx';
import { UserIcon } from '../../../components/icons.tsx';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { LanguageDropdown } from '../../language/index.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { AccountDropdown } from '../../accounts/index.ts';
import { MemberNavLinks } from '../../members/index.ts';

export function TopNav() {
  const { t } = useTranslation();
  const settings = useSettings();
  // While the session loads neither shows, so a member never sees a Login button flash.
  const { data: user, isPending: isSessionLoading } = useUser();
  return (
    <header className="site-header sticky-top">
      <Navbar bg="white" className="border-bottom shadow-sm py-2" aria-label={t('nav.label')}>
        <Container className="gap-2">
          <Navbar.Brand as={Link} to={paths.index.getHref()} aria-label={t('nav.home', { name: settings.name })} className="me-auto">
            <Logo name={settings.name} />
          </Navbar.Brand>
          <div className="d-flex align-items-center gap-2">
            <LanguageDropdown />
            {user && <MemberNavLinks user={user} />}
            {user ? (
              <AccountDropdown user={user} />
            ) : (
              !isSessionLoading && (
                <Link to={paths.login.getHref()} className="btn btn-primary btn-sm d-inline-flex align-items-center gap-1 px-3">
                  <UserIcon />
                  {t('nav.login')}
                </Link>
              )
            )}
          </div>
        </Container>
      </Navbar>
    </header>
  );
}
