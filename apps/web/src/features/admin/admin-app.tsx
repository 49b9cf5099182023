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

function AdminShell({ staff }: { staff: Staff }) {
  const { t } = useTranslation('admin');
  const logout = useStaffLogout();
  const canModerate = staffMay(staff.role, 'GET /api/admin/reports');
  const isAdmin = staffMay(staff.role, 'GET /api/admin/audit');
  const canSeeTraffic = staffMay(staff.role, 'GET /api/admin/traffic/report');
  const home = canModerate ? 'reports' : 'members';
  return (
    <>
      <PageTitle title={t('console.title')} />
      <Navbar bg="dark" data-bs-theme="dark" expand="md" className="mb-4" aria-label={t('console.navigation')}>
        <Container fluid>
          <Navbar.Brand as="span">{t('console.title')}</Navbar.Brand>
          <Navbar.Toggle aria-controls="admin-nav" aria-label={t('console.menu')} />
          <Navbar.Collapse id="admin-nav">
            <Nav as="ul" className="me-auto">
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to="/admin/dashboard">
                  {t('dashboard.title')}
                </Nav.Link>
              </Nav.Item>
              {canModerate && (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to="/admin/reports">
                    {t('reports.title')}
                  </Nav.Link>
                </Nav.Item>
              )}
              {canModerate && (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to="/admin/photos">
                    {t('photos.title')}
                  </Nav.Link>
                </Nav.Item>
              )}
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to="/admin/members">
                  {t('members.title')}
                </Nav.Link>
              </Nav.Item>
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to="/admin/tickets">
                  {t('tickets.title')}
                </Nav.Link>
              </Nav.Item>
              <Nav.Item as="li">
                <Nav.Link as={NavLink} to="/admin/payments">
                  {t('payments.title')}
                </Nav.Link>
              </Nav.Item>
              {canSeeTraffic && (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to="/admin/traffic">
                    {t('traffic.title')}
                  </Nav.Link>
                </Nav.Item>
              )}
              {isAdmin && (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to="/admin/sites">
                    {t('sites.title')}
                  </Nav.Link>
                </Nav.Item>
              )}
              {isAdmin && (
                <Nav.Item as="li">
                  <Nav.Link as={NavLink} to="/admin/audit">
                    {t('audit.title')}
                  </Nav.Link>
                </Nav.Item>
              )}
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
      <Container fluid as="main" className="pb-5">
        <Routes>
          <Route index element={<Navigate to={home} replace />} />
          {canModerate && <Route path="reports" element={<ReportsPage />} />}
          {canModerate && <Route path="photos" element={<PhotosPage />} />}
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
