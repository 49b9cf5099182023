// Settings, change password: the old password checked by the server, the new one twice, the fields emptied after.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { jsonError, mockFetch } from '../../../test-support/fetch-mock.ts';
import { ChangePasswordForm } from './change-password-form.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

function fillIn(values: { old: string; password: string; repeat: string }) {
  fireEvent.change(field('Old password'), { target: { value: values.old } });
  fireEvent.change(field('New password'), { target: { value: values.password } });
  fireEvent.change(field('Repeat new password'), { target: { value: values.repeat } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('ChangePasswordForm', () => {
  it('sends the old and the new password, says the other devices were logged out, and empties the fields', async () => {
    const { calls } = mockFetch(({ method, url }) =>
      method === 'POST' && url.pathname === '/api/password.php' ? { body: { success: true } } : undefined,
    );
    renderWithProviders(<ChangePasswordForm />);
    fillIn({ old: 'old secret 1', password: 'new secret 12', repeat: 'new secret 12' });
    expect(await screen.findByRole('status')).toHaveProperty(
      'textContent',
      'Your password has been changed. You were logged out on your other devices.',
    );
    expect(calls.filter((call) => call.path === '/api/password.php')).toEqual([
      {
        method: 'POST',
        path: '/api/password.php',
        body: { old_password: 'old secret 1', password: 'new secret 12', password_confirmation: 'new secret 12' },
      },
    ]);
    await waitFor(() => expect(field('Old password').value).toBe(''));
    expect(field('New password').value).toBe('');
    expect(field('Repeat new password').value).toBe('');
  });

  it('says "Please check your old password" beside the old password when the server refuses it', async () => {
    mockFetch(({ url }) =>
      url.pathname === '/api/password.php'
        ? jsonError(400, 'old_password_wrong', {
            message: 'Please check your old password',
            fields: [{ path: 'old_password', code: 'old_password_wrong', message: 'x' }],
          })
        : undefined,
    );
    renderWithProviders(<ChangePasswordForm />);
    fillIn({ old: 'not my password', password: 'new secret 12', repeat: 'new secret 12' });
    expect(await screen.findByText('Please check your old password')).toBeTruthy();
    expect(field('Old password').getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByRole('status')).toBeNull();
    // What the member typed stays, to be corrected.
    expect(field('New password').value).toBe('new secret 12');
  });

  it('asks for the same new password twice before it sends anything', async () => {
    const { calls } = mockFetch(() => undefined);
    renderWithProviders(<ChangePasswordForm />);
    fillIn({ old: 'old secret 1', password: 'new secret 12', repeat: 'new secret 13' });
    expect(await screen.findByText('The entered passwords are not the same')).toBeTruthy();
    expect(field('Repeat new password').getAttribute('aria-invalid')).toBe('true');
    expect(calls.filter((call) => call.path === '/api/password.php')).toEqual([]);
  });

  it('refuses a new password shorter than 8 characters', async () => {
    const { calls } = mockFetch(() => undefined);
    renderWithProviders(<ChangePasswordForm />);
    fillIn({ old: 'old secret 1', password: 'short', repeat: 'short' });
    expect(await screen.findByText('Your password must be at least 8 characters long')).toBeTruthy();
    expect(calls.filter((call) => call.path === '/api/password.php')).toEqual([]);
  });
});
