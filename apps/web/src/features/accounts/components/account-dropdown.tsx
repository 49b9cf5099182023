// The logged-in member's menu in the top navigation: avatar and username, my profile, who viewed me, settings, the colour theme, logout.
// components/nav-dropdown.tsx, not react-bootstrap's Dropdown: the navigation is on the first paint (docs/web-build.md).
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { useLogout } from '../../auth/index.ts';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { NavDropdown } from '../../../components/nav-dropdown.tsx';
import { ThemeSwitch } from '../../../components/theme-switch.tsx';

export function AccountDropdown({ user }: { user: User }) {
  const { t } = useTranslation('accounts');
  const logout = useLogout();
  return (
    <NavDropdown
      className="account-dropdown"
      toggleClassName="btn btn-link d-inline-flex align-items-center gap-2 text-decoration-none text-body p-1"
      label={t('nav.accountMenu', { name: user.profile.name })}
      menuClassName="shadow-sm"
      toggle={
        <>
          <UserAvatar profile={user.profile} size={32} />
          <span
            className="account-dropdown-name d-none d-md-inline d-lg-none d-xl-inline fw-semibold text-truncate"
            style={{ maxWidth: '10rem' }}
          >
            {user.profile.name}
          </span>
        </>
      }
    >
      <h6 className="dropdown-header d-md-none d-lg-block d-xl-none">{user.profile.name}</h6>
      <Link className="dropdown-item" to={paths.profile.getHref()}>
        {t('nav.myProfile')}
      </Link>
      <Link className="dropdown-item" to={paths.visitors.getHref()}>
        {t('nav.visitors')}
      </Link>
      <Link className="dropdown-item" to={paths.notifications.getHref()}>
        {t('nav.settings')}
      </Link>
      <hr className="dropdown-divider" />
      <ThemeSwitch />
      <hr className="dropdown-divider" />
      <button type="button" className="dropdown-item" onClick={() => logout.mutate()} disabled={logout.isPending}>
        {t('nav.logout')}
      </button>
    </NavDropdown>
  );
}
