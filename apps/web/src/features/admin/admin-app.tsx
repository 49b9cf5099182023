// The staff console at /admin (issue 14, docs/staff-console.md): loaded only through its lazy route, so none of
// its code is in the member bundles. Anyone without a staff session (members included) sees the staff login;
// staff see the screens their role may use (the server checks every call again).
import { Button, Container, Nav, Navbar } from 'react-bootstrap';
import { NavLink, Navigate, Route, Routes } from 'react-router';
import { useTranslation } from 'react-i18next';
import { staffMay, type Staff } from '@app/contracts';
import { LoadingSpinner } from '../../components/loading-spinner.tsx';
import { PageTitle } from '../../components/page-title.tsx';
import { useStaff } from './api/get-staff.ts';
import { useStaffLogout } from './api/staff-logout.ts';
import { AuditPage } from './components/audit-page.tsx';
import { DashboardPage } from './components/dashboard-page.tsx';
import { MemberDetailPage } from './components/member-detail-page.tsx';
import { MembersPage } from './components/members-page.tsx';
import { PaymentsPage } from './components/payments-page.tsx';
import { PhotosPage } from './components/photos-page.tsx';
import { RiskPage } from './components/risk-page.tsx';
import { ReportsPage } from './components/reports-page.tsx';
import { SitesPage } from './components/sites-page.tsx';
import { StaffLogin } from './components/staff-login.tsx';
import { TicketsPage } from './components/tickets-page.tsx';
import { TrafficPage } from './components/traffic-page.tsx';

export function AdminApp() {
  const { t } = useTranslation('admin');
  const staff = useStaff();
  if (staff.isPending) return <LoadingSpinner />;
  if (!staff.data) {
    return (
      <>
        <PageTitle title={t('login.title')} />
        <StaffLogin />
      </>
    );
  }
  return <AdminShell staff={staff.data} />;
}

type Permissions = { canModerate: boolean; isAdmin: boolean; canSeeTraffic: boolean };

function AdminShell({ staff }: { staff: Staff }) {
  const { t } = useTranslation('admin');
  const permissions: Permissions = {
    canModerate: staffMay(staff.role, 'GET /api/admin/reports'),
    isAdmin: staffMay(staff.role, 'GET /api/admin/audit'),
    canSeeTraffic: staffMay(staff.role, 'GET /api/admin/traffic/report'),
  };
  const { canModerate, isAdmin, canSeeTraffic } = permissions;
  const home = canModerate ? 'reports' : 'members';
  return (
    <>
      <PageTitle title={t('console.title')} />
      <ConsoleNavbar staff={staff} permissions={permissions} />
      <Container fluid as="main" className="pb-5">
        <Routes>
          <Route index element={<Navigate to={home} replace />} />
          {canModerate && <Route path="reports" element={<ReportsPage />} />}
          {canModerate && <Route path="photos" element={<PhotosPage />} />}
          {canModerate && <Route path="risk" element={<RiskPage />} />}
          {isAdmin && <Route path="audit" element={<AuditPage />} />}
          {isAdmin && <Route path="sites" element={<SitesPage />} />}
          {canSeeTraffic && <Route path="traffic" element={<TrafficPage staff={staff} />} />}
          <Route path="dashboard" element={<DashboardPage />} />
          <Route path="members" element={<MembersPage />} />
          <Route path="members/:id" element={<MemberDetailPage staff={staff} />} />
          <Route path="tickets" element={<TicketsPage />} />
          <Route path="payments" element={<PaymentsPage staff={staff} />} />
          <Route path="*" element={<Navigate to={`/admin/${home}`} replace />} />
        </Routes>
      </Container>
    </>
  );
}

/** The console's screens in menu order, each with the title key and whether the role may open it. */
function consoleLinks({ canModerate, isAdmin, canSeeTraffic }: Permissions) {
  return [
    { path: 'dashboard', title: 'dashboard.title', isShown: true },
    { path: 'reports', title: 'reports.title', isShown: canModerate },
    { path: 'photos', title: 'photos.title', isShown: canModerate },
    { path: 'risk', title: 'risk.title', isShown: canModerate },
    { path: 'members', title: 'members.title', isShown: true },
    { path: 'tickets', title: 'tickets.title', isShown: true },
    { path: 'payments', title: 'payments.title', isShown: true },
    { path: 'traffic', title: 'traffic.title', isShown: canSeeTraffic },
    { path: 'sites', title: 'sites.title', isShown: isAdmin },
    { path: 'audit', title: 'audit.title', isShown: isAdmin },
  ] as const;
}

function ConsoleNavbar({ staff, permissions }: { staff: Staff; permissions: Permissions }) {
  const { t } = useTranslation('admin');
  const logout = useStaffLogout();
  return (
    <Navbar bg="dark" data-bs-theme="dark" expand="md" className="mb-4" aria-label={t('console.navigation')}>
      <Container fluid>
        <Navbar.Brand as="span">{t('console.title')}</Navbar.Brand>
        <Navbar.Toggle aria-controls="admin-nav" aria-label={t('console.menu')} />
        <Navbar.Collapse id="admin-nav">
          <Nav as="ul" className="me-auto">
            {consoleLinks(permissions)
              .filter((link) => link.isShown)
              .map((link) => (
                <Nav.Item as="li" key={link.path}>
                  <Nav.Link as={NavLink} to={`/admin/${link.path}`}>
                    {t(link.title)}
                  </Nav.Link>
                </Nav.Item>
              ))}
          </Nav>
          <span className="navbar-text small me-3">
            {t('console.signedInAs', { name: staff.name, role: t(`roles.${staff.role}`) })}
          </span>
          <Button variant="outline-light" size="sm" disabled={logout.isPending} onClick={() => logout.mutate()}>
            {t('console.logout')}
          </Button>
        </Navbar.Collapse>
      </Container>
    </Navbar>
  );
}
