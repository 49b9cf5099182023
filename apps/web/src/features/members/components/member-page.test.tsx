// A member's profile page: fields named per the site (the region as the country names it) with visible_profile_notes beside them.
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import type { MemberProfile } from '@app/contracts';
import { renderWithProviders, setupI18n, type RenderOptions } from '../../../test-support/render.tsx';
import { mockFetch } from '../../../test-support/fetch-mock.ts';
import { buildUser } from '../../../test-support/user.fixture.ts';
import { ServerRenderContext, type ServerRender } from '../../../lib/server-render.ts';
import { MemberPage } from './member-page.tsx';

beforeAll(() => setupI18n());
afterEach(() => vi.unstubAllGlobals());

const MEMBER: MemberProfile = {
  id: 12,
  name: 'Sofie',
  age: 31,
  gender: 'female',
  country: 'BE',
  region: 'VOV',
  city: 'Gent',
  about_me: 'I like long walks.',
  interests: ['hiking'],
  main_image: null,
  photos: [],
  is_verified: false,
  hidden_photo_count: 0,
  photos_locked: null,
  is_fictional: false,
  is_self: false,
  is_limited: false,
  relation: { is_liked: false, is_liked_by: false, is_match: false, is_blocked: false },
};

function renderMember(member: MemberProfile, settings: RenderOptions['settings']) {
  mockFetch(({ url }) => {
    if (url.pathname === '/api/member.php') return { body: { member } };
    if (url.pathname === '/api/regions.php') {
      return {
        body: {
          regions: {
            BE: { kind: 'province', regions: [{ code: 'VOV', name: 'East Flanders' }] },
            DE: { kind: 'state', regions: [{ code: 'BY', name: 'Bayern' }] },
          },
        },
      };
    }
    if (url.pathname === '/api/likes.php') return { body: { profiles: [], liked_by: [] } };
    return undefined;
  });
  return renderWithProviders(<></>, {
    path: `/members/${member.id}`,
    routes: [{ path: '/members/:id', element: <MemberPage /> }],
    user: buildUser(),
    settings: { interests: ['hiking'], ...settings },
  });
}

describe('member profile page', () => {
  it("names the region as the member's country does", async () => {
    renderMember(MEMBER, { region_data: { BE: { kind: 'province' }, DE: { kind: 'state' } } });
    expect(await screen.findByText('Province')).toBeTruthy();
    expect(screen.queryByText('Region')).toBeNull();
    expect(await screen.findByText('East Flanders')).toBeTruthy();
  });

  it('falls back to "Region" for a country without a region kind', async () => {
    renderMember({ ...MEMBER, country: 'FR', region: 'IDF' }, { region_data: {} });
    expect(await screen.findByText('Region')).toBeTruthy();
  });

  it('shows visible_profile_notes beside the fields, about me and interests included', async () => {
    renderMember(MEMBER, {
      region_data: { BE: { kind: 'province' } },
      visible_profile_notes: {
        city: 'As the member gave it',
        about_me: 'Written by the member',
        interests: 'Chosen from our list',
      },
    });
    expect(await screen.findByText('As the member gave it')).toBeTruthy();
    expect(screen.getByText('Written by the member')).toBeTruthy();
    expect(screen.getByText('Chosen from our list')).toBeTruthy();
  });

  it("tells the server's render that a member who does not exist is a 404, and only then", async () => {
    const rendered = (id: number) => {
      const render: ServerRender = { redirectTo: null, status: null };
      renderWithProviders(<></>, {
        path: `/members/${id}`,
        routes: [
          {
            path: '/members/:id',
            element: (
              <ServerRenderContext value={render}>
                <MemberPage />
              </ServerRenderContext>
            ),
          },
        ],
        user: buildUser(),
        settings: { interests: ['hiking'] },
      });
      return render;
    };
    mockFetch(({ url }) =>
      url.pathname === '/api/member.php' && url.searchParams.get('id') === '12'
        ? { body: { member: MEMBER } }
        : undefined,
    );
    const gone = rendered(999);
    expect(await screen.findByRole('heading', { name: 'This member could not be found.' })).toBeTruthy();
    expect(gone.status).toBe(404);
    const known = rendered(12);
    expect(await screen.findByRole('heading', { name: /Sofie/ })).toBeTruthy();
    expect(known.status).toBeNull();
  });
});
