// /profile in sections: each section sends only its own changes and confirms on its own, another section's unsaved
// edits survive the save, validation errors stay in their section, and the completeness meter names the next step and
// takes the member to that section.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PROFILE_FIELDS, type OwnProfile, type UpdateProfileRequest } from '@app/contracts';
import { renderWithProviders, setupI18n } from '../../../test-support/render.tsx';
import { jsonError, mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { buildOwnProfile } from '../lib/profile-fixtures.ts';
import { ProfilePage } from './profile-page.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

const settings = { visible_profile_fields: [...PROFILE_FIELDS], interests: ['hiking', 'wine', 'coffee'] };

/** A server holding one profile: PUT applies the body (trimming text like the API does). */
function profileServer(
  initial: OwnProfile,
  answerPut?: (body: UpdateProfileRequest) => ReturnType<typeof jsonError> | undefined,
) {
  let profile = initial;
  return mockFetch(({ method, url, body }) => {
    switch (url.pathname) {
      case '/api/profile.php': {
        if (method === 'PUT') {
          const refused = answerPut?.(body as UpdateProfileRequest);
          if (refused) return refused;
          const changes = Object.fromEntries(
            Object.entries(body as Record<string, unknown>).map(([key, value]) => [
              key,
              typeof value === 'string' ? value.trim() || null : value,
            ]),
          );
          profile = { ...profile, ...changes };
        }
        return { body: { profile } };
      }
      case '/api/photos.php':
        return { body: { photos: profile.photos, main_image: profile.main_image } };
      case '/api/regions.php':
        return { body: { regions: {} } };
      case '/api/interests.php':
        return { body: { interests: [] } };
      case '/api/blocks.php':
        return { body: { profiles: [] } };
      default:
        return undefined;
    }
  });
}

const section = (name: string) => screen.getByRole('region', { name });
const puts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'PUT' && call.path === '/api/profile.php').map((call) => call.body);

describe('ProfilePage', () => {
  it("saves one section with only its fields and keeps another section's unsaved edits", async () => {
    const { calls } = profileServer(buildOwnProfile({ about_me: 'Hello' }));
    renderWithProviders(<ProfilePage />, { user: buildUser(), settings });
    const about = await screen.findByRole('region', { name: 'About you' });
    fireEvent.change(within(about).getByLabelText('About me'), {
      target: { value: 'Hiking on Sundays, coffee every day, and a good book at night.' },
    });
    expect(within(about).getByText('Unsaved changes')).toBeTruthy();

    const details = section('Details');
    fireEvent.change(within(details).getByLabelText('City'), { target: { value: '  Haarlem ' } });
    fireEvent.change(within(details).getByLabelText('Hair color'), { target: { value: 'red' } });
    fireEvent.click(within(details).getByRole('button', { name: 'Save details' }));

    await within(details).findByText('Saved.');
    // The shared schema trims before sending.
    expect(puts(calls)).toEqual([{ city: 'Haarlem', hair_color: 'red' }]);
    // The saved copy replaces what was typed; the section has nothing left to save.
    expect((within(details).getByLabelText('City') as HTMLInputElement).value).toBe('Haarlem');
    expect(within(details).queryByText('Unsaved changes')).toBeNull();
    // The other section still holds its edit, unsaved.
    expect((within(about).getByLabelText('About me') as HTMLTextAreaElement).value).toBe(
      'Hiking on Sundays, coffee every day, and a good book at night.',
    );
    expect(within(about).getByText('Unsaved changes')).toBeTruthy();
    expect(within(about).getByRole('status').textContent).toBe('');

    fireEvent.click(within(about).getByRole('button', { name: 'Save about you' }));
    await within(about).findByText('Saved.');
    expect(puts(calls)[1]).toEqual({ about_me: 'Hiking on Sundays, coffee every day, and a good book at night.' });
    // Details kept its saved values.
    expect((within(details).getByLabelText('City') as HTMLInputElement).value).toBe('Haarlem');
  });

  it('keeps validation errors in their section and sends nothing for it', async () => {
    const { calls } = profileServer(buildOwnProfile());
    renderWithProviders(<ProfilePage />, { user: buildUser(), settings });
    const about = await screen.findByRole('region', { name: 'About you' });
    fireEvent.change(within(about).getByLabelText('Username'), { target: { value: '' } });
    fireEvent.click(within(about).getByRole('button', { name: 'Save about you' }));
    await within(about).findByText('Enter a username');
    expect(puts(calls)).toEqual([]);

    const preferences = section('Search preferences');
    fireEvent.change(within(preferences).getByLabelText('Looking for'), { target: { value: 'dating' } });
    fireEvent.click(within(preferences).getByRole('button', { name: 'Save search preferences' }));
    await within(preferences).findByText('Saved.');
    expect(puts(calls)).toEqual([{ signup_reason: 'dating' }]);
    expect(within(preferences).queryByRole('alert')).toBeNull();
    // The username error is still where it was.
    expect(within(about).getByText('Enter a username')).toBeTruthy();
  });

  it('shows a server error in the section that sent the request', async () => {
    profileServer(buildOwnProfile(), (body) =>
      body.interests
        ? jsonError(400, 'validation_failed', { fields: [{ field: 'interests', code: 'interests_invalid' }] })
        : undefined,
    );
    renderWithProviders(<ProfilePage />, { user: buildUser(), settings });
    const interests = await screen.findByRole('region', { name: 'Interests' });
    fireEvent.click(within(interests).getByLabelText('Hiking'));
    fireEvent.click(within(interests).getByRole('button', { name: 'Save interests' }));
    await waitFor(() => expect(within(interests).getAllByRole('alert').length).toBeGreaterThan(0));
    expect(within(interests).getByText('Unsaved changes')).toBeTruthy();
    expect(within(section('Details')).queryByRole('alert')).toBeNull();
  });

  it('shows how complete the profile is and takes the member to the next thing to add', async () => {
    const { calls } = profileServer(
      buildOwnProfile({
        main_image: { filename: '/p/1.jpg', thumb_filename: '/p/1-t.jpg', status: 'active' as const },
      }),
    );
    renderWithProviders(<ProfilePage />, { user: buildUser(), settings });
    const meter = await screen.findByRole('progressbar', { name: 'Profile completeness' });
    expect(meter.getAttribute('aria-valuenow')).toBe('35');
    expect(meter.getAttribute('aria-valuetext')).toBe('35% complete');
    const next = screen.getByRole('button', { name: /Write at least 50 characters about yourself/ });
    fireEvent.click(next);
    expect(document.activeElement).toBe(section('About you'));

    // Saving the text moves the meter on to the next missing item.
    fireEvent.change(within(section('About you')).getByLabelText('About me'), { target: { value: 'x'.repeat(60) } });
    fireEvent.click(within(section('About you')).getByRole('button', { name: 'Save about you' }));
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Profile completeness' }).getAttribute('aria-valuenow')).toBe(
        '55',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: /Choose at least 3 interests/ }));
    expect(document.activeElement).toBe(section('Interests'));
    expect(puts(calls)).toHaveLength(1);
  });
});
