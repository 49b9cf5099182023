// /profile as a sequence of steps: one step on screen, edits kept while moving between steps, one Save that sends
// every change at once, an error taking the member to its step, prompts, and the completeness meter opening the step
// of the next thing to add.
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
      case '/api/verification.php':
        return { body: { verification: { state: 'none', pose: null, reject_reason: null, verified_at: null } } };
      default:
        return undefined;
    }
  });
}

const step = (name: string) => screen.getByRole('region', { name });
const puts = (calls: { method: string; path: string; body: unknown }[]) =>
  calls.filter((call) => call.method === 'PUT' && call.path === '/api/profile.php').map((call) => call.body);
const stepList = () => screen.getByRole('navigation', { name: 'Profile steps' });
const openStep = (name: string) => fireEvent.click(within(stepList()).getByRole('link', { name: new RegExp(name) }));

describe('ProfilePage', () => {
  it('shows one step at a time and keeps what was typed while moving between steps; one Save sends it all', async () => {
    const { calls } = profileServer(buildOwnProfile({ about_me: 'Hello' }));
    renderWithProviders(<ProfilePage />, { user: buildUser(), settings });
    // The photos come first.
    await screen.findByRole('region', { name: 'Photos' });
    expect(screen.getByText('Step 1 of 7')).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'About you' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    const about = await screen.findByRole('region', { name: 'About you' });
    expect(document.activeElement).toBe(about);
    fireEvent.change(within(about).getByLabelText('About me'), {
      target: { value: 'Hiking on Sundays, coffee every day, and a good book at night.' },
    });
    expect(screen.getByTestId('profile-editor-bar').textContent).toContain('Unsaved changes');

    openStep('Details');
    const details = step('Details');
    fireEvent.change(within(details).getByLabelText('City'), { target: { value: '  Haarlem ' } });
    fireEvent.change(within(details).getByLabelText('Hair color'), { target: { value: 'red' } });
    // Back to About: the text is still there.
    openStep('About you');
    expect((within(step('About you')).getByLabelText('About me') as HTMLTextAreaElement).value).toBe(
      'Hiking on Sundays, coffee every day, and a good book at night.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await within(screen.getByTestId('profile-editor-bar')).findByText('Saved.');
    // One request with every change, trimmed by the shared schema.
    expect(puts(calls)).toEqual([
      {
        city: 'Haarlem',
        hair_color: 'red',
        about_me: 'Hiking on Sundays, coffee every day, and a good book at night.',
      },
    ]);
    openStep('Details');
    expect((within(step('Details')).getByLabelText('City') as HTMLInputElement).value).toBe('Haarlem');
    // Nothing left to save: Save again sends nothing.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(puts(calls)).toHaveLength(1);
  });

  it('describes the member as non-binary and chooses whom to see (issue 44)', async () => {
    const { calls } = profileServer(buildOwnProfile());
    renderWithProviders(<ProfilePage />, { user: buildUser(), settings });
    await screen.findByRole('region', { name: 'Photos' });
    openStep('About you');
    const gender = within(step('About you')).getByLabelText('Gender') as HTMLSelectElement;
    expect([...gender.options].map((option) => option.textContent)).toEqual(
      expect.arrayContaining(['Man', 'Woman', 'Non-binary']),
    );
    fireEvent.change(gender, { target: { value: 'non_binary' } });
    openStep('Search preferences');
    const showMe = within(step('Search preferences')).getByLabelText('Show me') as HTMLSelectElement;
    expect([...showMe.options].map((option) => option.textContent)).toEqual([
      'As my orientation says',
      'Men',
      'Women',
      'Everyone',
    ]);
    fireEvent.change(showMe, { target: { value: 'everyone' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await within(screen.getByTestId('profile-editor-bar')).findByText('Saved.');
    expect(puts(calls)).toEqual([{ gender: 'non_binary', show_me: 'everyone' }]);
  });

  it('takes the member to the step with the error and sends nothing', async () => {
    const { calls } = profileServer(buildOwnProfile());
    renderWithProviders(<ProfilePage />, { user: buildUser(), settings });
    await screen.findByRole('region', { name: 'Photos' });
    openStep('About you');
    fireEvent.change(within(step('About you')).getByLabelText('Username'), { target: { value: '' } });
    openStep('Search preferences');
    fireEvent.change(within(step('Search preferences')).getByLabelText('Looking for'), { target: { value: 'dating' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const about = await screen.findByRole('region', { name: 'About you' });
    await within(about).findByText('Enter a username');
    expect(puts(calls)).toEqual([]);
  });

  it("shows the server's field error on its step", async () => {
    profileServer(buildOwnProfile(), (body) =>
      body.interests
        ? jsonError(400, 'validation_failed', {
            fields: [{ path: 'interests', code: 'interests_invalid', message: 'interests_invalid' }],
          })
        : undefined,
    );
    renderWithProviders(<ProfilePage />, { user: buildUser(), settings });
    await screen.findByRole('region', { name: 'Photos' });
    openStep('Interests');
    fireEvent.click(within(step('Interests')).getByLabelText('Hiking'));
    openStep('Details');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const interests = await screen.findByRole('region', { name: 'Interests' });
    await waitFor(() => expect(within(interests).getAllByRole('alert').length).toBeGreaterThan(0));
    expect(screen.getByTestId('profile-editor-bar').textContent).toContain('Unsaved changes');
  });

  it('answers prompts from the list, each question once, up to three', async () => {
    const { calls } = profileServer(buildOwnProfile());
    renderWithProviders(<ProfilePage />, { user: buildUser(), settings });
    await screen.findByRole('region', { name: 'Photos' });
    openStep('Prompts');
    const prompts = step('Prompts');
    fireEvent.click(within(prompts).getByRole('button', { name: 'Answer a question' }));
    fireEvent.change(within(prompts).getByLabelText('Question 1'), { target: { value: 'first_date' } });
    fireEvent.change(within(prompts).getByLabelText('Your answer to question 1'), {
      target: { value: ' Coffee, then a walk by the sea ' },
    });
    fireEvent.click(within(prompts).getByRole('button', { name: 'Add another question' }));
    // The second question offers every question but the first one's.
    const second = within(prompts).getByLabelText('Question 2') as HTMLSelectElement;
    expect([...second.options].map((option) => option.value)).not.toContain('first_date');
    fireEvent.click(within(prompts).getByRole('button', { name: 'Add another question' }));
    expect(within(prompts).queryByRole('button', { name: 'Add another question' })).toBeNull();
    // An empty answer is refused before anything is sent.
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await within(prompts).findAllByText('Write an answer to this question, or remove it.');
    expect(puts(calls)).toEqual([]);
    fireEvent.click(within(prompts).getAllByRole('button', { name: /^Remove the question/ })[2]!);
    fireEvent.click(within(prompts).getAllByRole('button', { name: /^Remove the question/ })[1]!);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await within(screen.getByTestId('profile-editor-bar')).findByText('Saved.');
    expect(puts(calls)).toEqual([{ prompts: [{ prompt: 'first_date', answer: 'Coffee, then a walk by the sea' }] }]);
  });

  it('shows how complete the profile is and opens the step of the next thing to add', async () => {
    const { calls } = profileServer(
      buildOwnProfile({
        main_image: { filename: '/p/1.jpg', thumb_filename: '/p/1-t.jpg', status: 'active' as const },
      }),
    );
    renderWithProviders(<ProfilePage />, { user: buildUser(), settings });
    const meter = await screen.findByRole('progressbar', { name: 'Profile completeness' });
    expect(meter.getAttribute('aria-valuenow')).toBe('35');
    expect(meter.getAttribute('aria-valuetext')).toBe('35% complete');
    fireEvent.click(screen.getByRole('button', { name: /Write at least 50 characters about yourself/ }));
    await waitFor(() => expect(document.activeElement).toBe(step('About you')));

    // Saving the text moves the meter on to the next missing item.
    fireEvent.change(within(step('About you')).getByLabelText('About me'), { target: { value: 'x'.repeat(60) } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Profile completeness' }).getAttribute('aria-valuenow')).toBe(
        '50',
      ),
    );
    fireEvent.click(screen.getByRole('button', { name: /Answer a question in your own words/ }));
    await waitFor(() => expect(document.activeElement).toBe(step('Prompts')));
    expect(puts(calls)).toHaveLength(1);
  });
});
