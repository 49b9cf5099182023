// /login: labelled fields, the SPEC's failure messages (lockout minutes from the server), links, and where a login leads.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { jsonError, mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { LoginPage } from './login-page.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

function fillAndSubmit(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Log in' }));
}

const routes = [
  { path: '/members', element: <p>members home</p> },
  { path: '/chats', element: <p>chats page</p> },
  { path: '/complete-signup', element: <p>complete signup</p> },
];

describe('LoginPage', () => {
  it('checks the fields before asking the server', async () => {
    const { fetchMock } = mockFetch(() => undefined);
    renderWithProviders(<LoginPage />, { path: '/login' });
    fireEvent.click(await screen.findByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(screen.getByText('Enter a password')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
    // Focus leaves the button for the first field that needs fixing (useFormValues, all forms).
    expect(document.activeElement).toBe(screen.getByLabelText('E-mail address'));
  });

  it('says "Login failed, please try again" for a wrong e-mail or password', async () => {
    mockFetch(() => jsonError(401, 'login_failed'));
    renderWithProviders(<LoginPage />, { path: '/login' });
    await screen.findByRole('button', { name: 'Log in' });
    fillAndSubmit('anna@example.com', 'wrong-password');
    expect((await screen.findByRole('alert')).textContent).toBe('Login failed, please try again');
  });

  it('tells a locked account how many minutes it is blocked, as the server counts them', async () => {
    mockFetch(() => jsonError(429, 'account_locked', { params: { minutes: 12 } }));
    renderWithProviders(<LoginPage />, { path: '/login' });
    await screen.findByRole('button', { name: 'Log in' });
    fillAndSubmit('anna@example.com', 'whatever1');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many incorrect attempts, account blocked for 12 min',
    );
  });

  it('sends a banned member to the ban page with the category only (issue 14)', async () => {
    mockFetch(() => jsonError(403, 'account_banned', { params: { reason: 'scam_spam' } }));
    const { router } = renderWithProviders(<LoginPage />, {
      path: '/login',
      routes: [{ path: '/pages/:page', element: <p>ban page</p> }],
    });
    await screen.findByRole('button', { name: 'Log in' });
    fillAndSubmit('anna@example.com', 'secret123');
    expect(await screen.findByText('ban page')).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/pages/ban?reason=scam_spam');
  });

  it('logs in with POST /api/user.php and goes to the members home', async () => {
    const { calls } = mockFetch(({ method, url }) =>
      method === 'POST' && url.pathname === '/api/user.php' ? { body: { user: buildUser() } } : undefined,
    );
    const { router } = renderWithProviders(<LoginPage />, { path: '/login', routes });
    await screen.findByRole('button', { name: 'Log in' });
    fillAndSubmit(' Anna@Example.com ', 'secret123');
    expect(await screen.findByText('members home')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/members');
    expect(calls[0]).toEqual({
      method: 'POST',
      path: '/api/user.php',
      body: { email: 'anna@example.com', password: 'secret123' },
    });
  });

  it('returns to the page that asked for a login, but never to another site', async () => {
    mockFetch(() => ({ body: { user: buildUser() } }));
    renderWithProviders(<LoginPage />, { path: '/login?redirectTo=%2Fchats', routes });
    await screen.findByRole('button', { name: 'Log in' });
    fillAndSubmit('anna@example.com', 'secret123');
    expect(await screen.findByText('chats page')).toBeTruthy();
  });

  it('sends a member with an unfinished signup to complete it', async () => {
    renderWithProviders(<LoginPage />, {
      path: '/login?redirectTo=%2F%2Fevil.example',
      routes,
      user: buildUser({ signup_step: 2 }),
    });
    expect(await screen.findByText('complete signup')).toBeTruthy();
  });

  it('links to the password reset and to signup', async () => {
    renderWithProviders(<LoginPage />, { path: '/login' });
    expect((await screen.findByRole('link', { name: 'Forgot your password?' })).getAttribute('href')).toBe(
      '/reset-password',
    );
    expect(screen.getByRole('link', { name: 'Sign up for free' }).getAttribute('href')).toBe('/signup');
  });
});
