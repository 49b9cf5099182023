// The logged-in member's menu in the top navigation: avatar and username, my profile, settings, logout.
import { Dropdown } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { User } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { useLogout } from '../../auth/index.ts';
import { UserAvatar } from '../../../components/user-avatar.tsx';

export function AccountDropdown({ user }: { user: User }) {
  const { t } = useTranslation('accounts');
  const logout = useLogout();
  return (
    <Dropdown align="end" className="account-dropdown">
      <Dropdown.Toggle
        variant="link"
        className="d-inline-flex align-items-center gap-2 text-decoration-none text-body p-1"
        aria-label={t('nav.accountMenu', { name: user.profile.name })}
      >
        <UserAvatar profile={user.profile} size={32} />
        <span className="d-none d-md-inline fw-semibold text-truncate" style={{ maxWidth: '10rem' }}>
          {user.profile.name}
        </span>
      </Dropdown.Toggle>
      <Dropdown.Menu className="shadow-sm">
        <Dropdown.Header className="d-md-none">{user.profile.name}</Dropdown.Header>
        <Dropdown.Item as={Link} to={paths.profile.getHref()}>
          {t('nav.myProfile')}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to={paths.notifications.getHref()}>
          {t('nav.settings')}
        </Dropdown.Item>
        <Dropdown.Divider />
        <Dropdown.Item as="button" type="button" onClick={() => logout.mutate()} disabled={logout.isPending}>
          {t('nav.logout')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
