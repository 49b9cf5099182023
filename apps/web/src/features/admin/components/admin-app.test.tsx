// The console at /admin: without a staff session (members too) the staff login; signing in shows the role's screens.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { jsonError, mockFetch } from '../../../test-support/fetch-mock.ts';
import { AdminApp } from '../admin-app.tsx';

// The traffic screen's chart: uPlot draws on a canvas jsdom does not have.
vi.mock('./day-chart.tsx', () => ({ DayChart: () => null }));

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

const moderator = { id: 3, email: 'mod@example.com', name: 'Mo', role: 'moderator' as const };

describe('AdminApp', () => {
  it('shows a member the staff login and signs a moderator in to the reports queue', async () => {
    let isSignedIn = false;
    const { calls } = mockFetch(({ method, url }) => {
      if (url.pathname === '/api/admin/me')
        return isSignedIn ? { body: { staff: moderator } } : jsonError(401, 'staff_session_required');
      if (method === 'POST' && url.pathname === '/api/admin/login') {
        isSignedIn = true;
        return { body: { staff: moderator } };
      }
      if (url.pathname === '/api/admin/reports') return { body: { reports: [], next_cursor: null } };
      return undefined;
    });
    renderWithProviders(<p>elsewhere</p>, {
      user: buildUser(),
      path: '/admin',
      routes: [{ path: '/admin/*', element: <AdminApp /> }],
    });
    await screen.findByRole('heading', { name: 'Staff login' });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'mod@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByRole('heading', { name: 'Reports', level: 1 })).toBeTruthy();
    expect(await screen.findByText('No reports here.')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/admin/login')?.body).toEqual({
      email: 'mod@example.com',
      password: 'secret',
      code: '123456',
    });
  });

  it('says a failed login in the console’s words', async () => {
    mockFetch(({ url }) =>
      url.pathname === '/api/admin/me'
        ? jsonError(401, 'staff_session_required')
        : url.pathname === '/api/admin/login'
          ? jsonError(401, 'staff_login_failed')
          : undefined,
    );
    renderWithProviders(<p>elsewhere</p>, { path: '/admin', routes: [{ path: '/admin/*', element: <AdminApp /> }] });
    await screen.findByRole('heading', { name: 'Staff login' });
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'mod@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret' } });
    fireEvent.change(screen.getByLabelText('Authenticator code'), { target: { value: '123456' } });
    fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed. Check your e-mail, password and code.');
  });

  it('shows every role the traffic screen, and only admins the sites', async () => {
    const support = { id: 4, email: 'sup@example.com', name: 'Sue', role: 'support' as const };
    mockFetch(({ url }) => {
      if (url.pathname === '/api/admin/me') return { body: { staff: support } };
      if (url.pathname === '/api/admin/members') return { body: { members: [], next_cursor: null } };
      if (url.pathname === '/api/admin/traffic/report')
        return { body: { from: '2026-10-04', to: '2026-11-02', rows: [], days: [] } };
      return undefined;
    });
    renderWithProviders(<p>elsewhere</p>, { path: '/admin', routes: [{ path: '/admin/*', element: <AdminApp /> }] });
    const navigation = await screen.findByRole('navigation', { name: 'Console' });
    expect(within(navigation).queryByRole('link', { name: 'Sites' })).toBeNull();
    fireEvent.click(within(navigation).getByRole('link', { name: 'Traffic' }));
    expect(await screen.findByRole('heading', { name: 'Traffic', level: 1 })).toBeTruthy();
    expect(await screen.findByText('No traffic in this period.')).toBeTruthy();
  });
});
