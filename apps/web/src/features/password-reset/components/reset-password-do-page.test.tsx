// /reset-password/do: an expired link offers a new mail; the new password must be entered twice the same.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { jsonError, mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { ResetPasswordDoPage } from './reset-password-do-page.tsx';
import { ResetPasswordPage } from './reset-password-page.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

const TOKEN = 'a-token-of-enough-length-123';

describe('ResetPasswordDoPage', () => {
  it('says the link expired and links back to the request page', async () => {
    mockFetch(() => jsonError(400, 'link_invalid'));
    renderWithProviders(<ResetPasswordDoPage />, { path: `/reset-password/do?token=${TOKEN}` });
    expect(await screen.findByText('Link expired or invalid, request a new email')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Request a new e-mail' }).getAttribute('href')).toBe('/reset-password');
  });

  it('asks for the same new password twice, then saves it and logs in', async () => {
    const { calls } = mockFetch(({ method }) =>
      method === 'GET' ? { body: { success: true } } : { body: { user: buildUser() } },
    );
    const { queryClient } = renderWithProviders(<ResetPasswordDoPage />, { path: `/reset-password/do?token=${TOKEN}` });
    fireEvent.change(await screen.findByLabelText('New password'), { target: { value: 'new-secret-1' } });
    fireEvent.change(screen.getByLabelText('Repeat new password'), { target: { value: 'new-secret-2' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('The entered passwords are not the same')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Repeat new password'), { target: { value: 'new-secret-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save new password' }));
    expect(await screen.findByText('Your password has been changed and you are logged in.')).toBeTruthy();
    expect(calls.at(-1)).toEqual({
      method: 'POST',
      path: '/api/reset-password-do.php',
      body: { token: TOKEN, password: 'new-secret-1', password_confirmation: 'new-secret-1' },
    });
    expect(queryClient.getQueryData(['user'])).toEqual(buildUser());
  });
});

describe('ResetPasswordPage', () => {
  it.each([
    [404, 'reset_email_not_found', 'E-mail address not found'],
    [429, 'reset_limit_reached', 'Too many password reset emails sent, please try again tomorrow'],
  ])('shows %s %s as "%s"', async (status, code, text) => {
    mockFetch(() => jsonError(status, code));
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: 'anna@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(await screen.findByText(text)).toBeTruthy();
  });

  it('confirms that the mail was sent', async () => {
    mockFetch(() => ({ body: { success: true } }));
    renderWithProviders(<ResetPasswordPage />, { path: '/reset-password' });
    fireEvent.change(await screen.findByLabelText('E-mail address'), { target: { value: 'anna@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect(
      await screen.findByText('We sent an e-mail to anna@example.com with a link to choose a new password.'),
    ).toBeTruthy();
  });
});
