// Settings, change e-mail: the SPEC section 5 messages beside the new address field.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { jsonError, mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { ChangeEmailForm } from './change-email-form.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

function submit(email: string) {
  fireEvent.change(screen.getByLabelText('New e-mail address'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'my password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Change e-mail address' }));
}

describe('ChangeEmailForm', () => {
  it('says "New email adress is invalid" for a bad address', async () => {
    mockFetch(() => undefined);
    renderWithProviders(<ChangeEmailForm user={buildUser()} />);
    submit('not-an-address');
    expect(await screen.findByText('New email adress is invalid')).toBeTruthy();
  });

  it('says a taken address owns an account beside the field, without asking the logged-in member to log in', async () => {
    mockFetch(() =>
      jsonError(409, 'account_exists', {
        message: 'An account with this e-mail address already exists. Please log in.',
        fields: [{ path: 'email', code: 'email_taken', message: 'x' }],
      }),
    );
    renderWithProviders(<ChangeEmailForm user={buildUser()} />);
    submit('taken@example.com');
    expect(await screen.findByText('This email address already owns an account on this website')).toBeTruthy();
    expect(screen.queryByText(/Please log in/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
