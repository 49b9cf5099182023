// The top navigation: logo home, language dropdown, and the Login button for visitors or the account dropdown for members.
// Plain Bootstrap markup rather than react-bootstrap's Navbar, which brings Offcanvas and Modal before the first paint.
// Until the session is known it shows a neutral skeleton of the controls, shaped by this browser's session hint (a
// member's links or a button), so a member never sees the visitor's navigation first (docs/web-build.md).
import { useEffect } from 'react';
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
import { readSessionHint, writeSessionHint } from '../../../lib/session/session-hint.ts';
import { NavControlsSkeleton } from './nav-skeleton.tsx';

export function TopNav() {
  const { t } = useTranslation();
  const settings = useSettings();
  const { data: user, isPending: isSessionLoading } = useUser();
  // A logout (the user query set to null without a fetch) clears the hint too; a failed request changes nothing.
  useEffect(() => {
    if (user !== undefined) writeSessionHint(user !== null);
  }, [user]);
  return (
    <header className="site-header sticky-top">
      <nav className="navbar navbar-expand bg-body border-bottom shadow-sm py-2" aria-label={t('nav.label')}>
        <div className="container gap-2">
          <Link
            to={paths.index.getHref()}
            aria-label={t('nav.home', { name: settings.name })}
            className="navbar-brand me-auto"
          >
            <Logo name={settings.name} />
          </Link>
          <div className="d-flex align-items-center gap-2">
            <LanguageDropdown />
            {user && <MemberNavLinks user={user} />}
            {user ? (
              <AccountDropdown user={user} />
            ) : isSessionLoading ? (
              <NavControlsSkeleton hint={readSessionHint()} />
            ) : (
              <Link
                to={paths.login.getHref()}
                className="btn btn-primary btn-sm d-inline-flex align-items-center gap-1 px-3"
              >
                <UserIcon />
                {t('nav.login')}
              </Link>
            )}
          </div>
        </div>
      </nav>
    </header>
  );
}
