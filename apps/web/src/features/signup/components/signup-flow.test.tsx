// The signup steps: validation messages, the "Did you mean …?" prompt, tracking data, steps from the server, invite-only.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { jsonError, mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { TRACKING_STORAGE_KEY } from '../../../lib/tracking.ts';
import { SignupFlow } from './signup-flow.tsx';

beforeAll(() => setupI18n());
afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const ADULT_YEAR = String(new Date().getFullYear() - 30);

function fillAccount(values: {
  email?: string;
  username?: string;
  password?: string;
  day?: string;
  month?: string;
  year?: string;
}) {
  const set = (label: string, value: string | undefined) =>
    value !== undefined && fireEvent.change(screen.getByLabelText(label), { target: { value } });
  set('E-mail address', values.email);
  set('Username', values.username);
  set('Password', values.password);
  set('Day', values.day);
  set('Month', values.month);
  set('Year', values.year);
}

describe('step 0: account', () => {
  it('shows the SPEC messages per field before calling the server', async () => {
    const { fetchMock } = mockFetch(() => undefined);
    renderWithProviders(<SignupFlow onFinish={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Invalid email')).toBeTruthy();
    expect(screen.getByText('Enter a username')).toBeTruthy();
    expect(screen.getByText('Enter a password')).toBeTruthy();
    expect(screen.getByText('Enter your date of birth (18+)')).toBeTruthy();

    fillAccount({
      email: 'anna@example.com',
      username: 'anna@example.com',
      password: 'secret123',
      day: '30',
      month: '2',
      year: ADULT_YEAR,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Username may not be the same as your e-mail address')).toBeTruthy();
    expect(screen.getByText('Invalid date of birth')).toBeTruthy();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('signup.php'))).toHaveLength(0);
  });

  it('offers the suggested address and takes it with one click', async () => {
    mockFetch(({ url }) =>
      url.pathname === '/api/email-suggestion.php' ? { body: { suggestion: 'anna@gmail.com' } } : undefined,
    );
    renderWithProviders(<SignupFlow onFinish={() => undefined} />);
    const email = await screen.findByLabelText('E-mail address');
    fireEvent.change(email, { target: { value: 'anna@gmial.com' } });
    fireEvent.blur(email);
    fireEvent.click(await screen.findByRole('button', { name: 'Did you mean anna@gmail.com?' }));
    expect((email as HTMLInputElement).value).toBe('anna@gmail.com');
    expect(screen.queryByRole('button', { name: /Did you mean/ })).toBeNull();
  });

  it('creates the account with the tracking data of the landing page and moves on to the photo step', async () => {
    sessionStorage.setItem(TRACKING_STORAGE_KEY, JSON.stringify({ network: 'adnet', sub1: 'c1' }));
    const { calls } = mockFetch(({ method, url }) =>
      method === 'POST' && url.pathname === '/api/signup.php'
        ? { status: 201, body: { user: buildUser({ status: 'not_confirmed', signup_step: 1 }) } }
        : undefined,
    );
    renderWithProviders(<SignupFlow onFinish={() => undefined} />);
    await screen.findByLabelText('E-mail address');
    fillAccount({
      email: 'Anna@Example.com',
      username: 'Anna',
      password: 'secret123',
      day: '5',
      month: '3',
      year: ADULT_YEAR,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Add a profile photo' })).toBeTruthy();
    expect(screen.getByTestId('photo-dropzone')).toBeTruthy();
    expect(calls.find((call) => call.path === '/api/signup.php')?.body).toEqual({
      email: 'anna@example.com',
      username: 'Anna',
      password: 'secret123',
      date_of_birth: `${ADULT_YEAR}-03-05`,
      tracking: { network: 'adnet', sub1: 'c1' },
    });
    // The form draft is gone once the account exists; the password was never stored.
    expect(sessionStorage.getItem('signup_draft_account')).toBeNull();
  });

  it('keeps the draft (without the password) for a reload', async () => {
    mockFetch(() => undefined);
    renderWithProviders(<SignupFlow onFinish={() => undefined} />);
    await screen.findByLabelText('E-mail address');
    fillAccount({ email: 'anna@example.com', password: 'secret123' });
    const draft = JSON.parse(sessionStorage.getItem('signup_draft_account') ?? '{}') as Record<string, string>;
    expect(draft.email).toBe('anna@example.com');
    expect(draft).not.toHaveProperty('password');
  });

  it('shows server errors beside their field and offers login for an existing account', async () => {
    mockFetch(() =>
      jsonError(409, 'account_exists', { fields: [{ path: 'email', code: 'email_taken', message: '' }] }),
    );
    renderWithProviders(<SignupFlow onFinish={() => undefined} />);
    await screen.findByLabelText('E-mail address');
    fillAccount({
      email: 'anna@example.com',
      username: 'Anna',
      password: 'secret123',
      day: '5',
      month: '3',
      year: ADULT_YEAR,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('This email address already owns an account on this website')).toBeTruthy();
    expect(
      within(screen.getByRole('alert'))
        .getByRole('link', { name: 'Log in with this e-mail address' })
        .getAttribute('href'),
    ).toBe('/login');
  });

  it('explains the reactivation path for an account pending deletion', async () => {
    mockFetch(() =>
      jsonError(409, 'deleted_account_exists', {
        fields: [{ path: 'email', code: 'deleted_account_exists', message: '' }],
      }),
    );
    renderWithProviders(<SignupFlow onFinish={() => undefined} />);
    await screen.findByLabelText('E-mail address');
    fillAccount({
      email: 'anna@example.com',
      username: 'Anna',
      password: 'secret123',
      day: '5',
      month: '3',
      year: ADULT_YEAR,
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText(/pending deletion/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'support@amoria.example' }).getAttribute('href')).toBe(
      'mailto:support@amoria.example',
    );
  });

  it('asks for a first message when started from a member page', async () => {
    renderWithProviders(<SignupFlow targetProfileId={12} onFinish={() => undefined} />);
    expect(await screen.findByLabelText('Your first message')).toBeTruthy();
  });
});

describe('who may sign up', () => {
  it('shows the invite-only notice when signups are closed', async () => {
    renderWithProviders(<SignupFlow onFinish={() => undefined} />, { settings: { signups: 'other' } });
    expect(await screen.findByText('Signing up is by invitation only at the moment.')).toBeTruthy();
    expect(screen.queryByLabelText('E-mail address')).toBeNull();
  });

  it('keeps visitors without a traffic source out when signups need one', async () => {
    renderWithProviders(<SignupFlow onFinish={() => undefined} />, { settings: { signups: 'with_trafficsource' } });
    expect(await screen.findByText('Signing up is by invitation only at the moment.')).toBeTruthy();
  });

  it('shows the form with a traffic source', async () => {
    sessionStorage.setItem(TRACKING_STORAGE_KEY, JSON.stringify({ ref: 'partner' }));
    renderWithProviders(<SignupFlow onFinish={() => undefined} />, { settings: { signups: 'with_trafficsource' } });
    expect(await screen.findByLabelText('E-mail address')).toBeTruthy();
  });
});

describe('later steps', () => {
  it('continues at the server step after a reload: details with gender, sexuality, country and region', async () => {
    const { calls } = mockFetch(({ method, url }) => {
      if (url.pathname === '/api/regions.php')
        return { body: { regions: { NL: { kind: 'province', regions: [{ code: 'NH', name: 'Noord-Holland' }] } } } };
      if (method === 'PUT' && url.pathname === '/api/signup.php')
        return { body: { user: buildUser({ status: 'not_confirmed', signup_step: 4 }) } };
      return undefined;
    });
    renderWithProviders(<SignupFlow onFinish={() => undefined} />, {
      user: buildUser({ status: 'not_confirmed', signup_step: 3 }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Choose whether you are a man or a woman')).toBeTruthy();
    expect(screen.getByText('Choose your sexuality')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('I am a'), { target: { value: 'female' } });
    fireEvent.change(screen.getByLabelText('Sexuality'), { target: { value: 'bi' } });
    expect((screen.getByLabelText('Country') as HTMLSelectElement).value).toBe('NL');
    fireEvent.change(await screen.findByLabelText('Province'), { target: { value: 'NH' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Haarlem' } });
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Never miss a message' })).toBeTruthy();
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      step: 3,
      gender: 'female',
      sexuality: 'bi',
      country: 'NL',
      region: 'NH',
      city: 'Haarlem',
    });
  });

  it('ends with the confirm-e-mail step, which can resend the mail', async () => {
    const { calls } = mockFetch(({ url }) =>
      url.pathname === '/api/activation-mail.php' ? { body: { success: true } } : undefined,
    );
    const onFinish = vi.fn();
    renderWithProviders(<SignupFlow onFinish={onFinish} />, {
      user: buildUser({ status: 'not_confirmed', signup_step: 5, email: 'new@example.com' }),
    });
    expect(
      await screen.findByText('We sent a link to new@example.com. Click it to activate your account.'),
    ).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Send the e-mail again' }));
    expect(await screen.findByText('We sent the e-mail again.')).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST' && call.path === '/api/activation-mail.php')).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onFinish).toHaveBeenCalled();
  });
});
