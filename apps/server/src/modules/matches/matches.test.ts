import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MATCH_FINDER_PAGE_SIZE,
  matchFinderResponseSchema,
  signupMatchesResponseSchema,
  type Suggestion,
} from '@app/contracts';
import { photos } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  birthDateForAge,
  createMember,
  insertProfiles,
  uploadPhoto,
  visitor,
  type ProfileValues,
  type TestMember,
} from '../../test-support/members.ts';
import { utcDay } from '../member-core/index.ts';

describe('match finder and signup matches', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  async function finderAll(member: TestMember): Promise<Suggestion[]> {
    const all: Suggestion[] = [];
    let cursor: string | null = null;
    do {
      const response = await member.client.request({
        url: `/api/match-finder.php${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
      });
      expect(response.statusCode).toBe(200);
      const body = matchFinderResponseSchema.parse(response.json());
      all.push(...body.profiles);
      cursor = body.next_cursor;
    } while (cursor);
    return all;
  }

  it('suggests members who suit the member both ways, within the age window, own country first then abroad', async () => {
    const me = await createMember(app, {
      gender: 'male',
      sexuality: 'hetero',
      country: 'PL',
      dateOfBirth: birthDateForAge(30),
    });
    const rows = await insertProfiles(app, [
      {
        name: 'pl-hetero-woman',
        gender: 'female',
        sexuality: 'hetero',
        country: 'PL',
        dateOfBirth: birthDateForAge(28),
      },
      { name: 'pl-bi-woman', gender: 'female', sexuality: 'bi', country: 'PL', dateOfBirth: birthDateForAge(39) },
      { name: 'pl-lesbian', gender: 'female', sexuality: 'lesbian', country: 'PL', dateOfBirth: birthDateForAge(30) },
      { name: 'pl-gay-man', gender: 'male', sexuality: 'gay', country: 'PL', dateOfBirth: birthDateForAge(30) },
      { name: 'pl-too-old', gender: 'female', sexuality: 'hetero', country: 'PL', dateOfBirth: birthDateForAge(41) },
      { name: 'de-woman', gender: 'female', sexuality: 'hetero', country: 'DE', dateOfBirth: birthDateForAge(25) },
      ...Array.from({ length: MATCH_FINDER_PAGE_SIZE }, (_, index) => ({
        name: `pl-more${index}`,
        gender: 'female' as const,
        sexuality: 'hetero' as const,
        country: 'PL',
        dateOfBirth: birthDateForAge(30),
      })),
    ]);
    await me.client.request({ method: 'POST', url: '/api/like.php', payload: { id: rows[0]!.id } });

    const all = await finderAll(me);
    const names = all.map((suggestion) => suggestion.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(expect.arrayContaining(['pl-hetero-woman', 'pl-bi-woman', 'de-woman']));
    for (const unsuitable of ['pl-lesbian', 'pl-gay-man', 'pl-too-old']) expect(names).not.toContain(unsuitable);
    // Compatriots come first, abroad after them (the page boundary is crossed by the cursor).
    expect(names.indexOf('de-woman')).toBe(names.length - 1);
    expect(all.find((suggestion) => suggestion.name === 'pl-hetero-woman')).toMatchObject({
      is_liked: true,
      is_liked_by: false,
    });
  });

  it('suggests for signup members with a photo not liked yet', async () => {
    const me = await createMember(app, {
      gender: 'female',
      sexuality: 'lesbian',
      country: 'NO',
      dateOfBirth: birthDateForAge(45),
    });
    const withPhoto = await createMember(app, {
      gender: 'female',
      sexuality: 'lesbian',
      country: 'NO',
      dateOfBirth: birthDateForAge(44),
    });
    const liked = await createMember(app, {
      gender: 'female',
      sexuality: 'bi',
      country: 'NO',
      dateOfBirth: birthDateForAge(46),
    });
    await createMember(app, {
      gender: 'female',
      sexuality: 'lesbian',
      country: 'NO',
      dateOfBirth: birthDateForAge(44),
    });
    await Promise.all([uploadPhoto(withPhoto.client), uploadPhoto(liked.client)]);
    await me.client.request({ method: 'POST', url: '/api/like.php', payload: { id: liked.profileId } });
    const response = await me.client.request({ url: '/api/signup-matches.php' });
    expect(response.statusCode).toBe(200);
    const { profiles } = signupMatchesResponseSchema.parse(response.json());
    expect(profiles.map((profile) => profile.id)).toEqual([withPhoto.profileId]);
    expect(profiles[0]).toMatchObject({
      is_liked: false,
      main_image: { filename: expect.stringMatching(/^\/uploads\//) },
    });
  });

  it('lists members near you in relevance order: photo first, then region, country, abroad, then activity; orientation both ways', async () => {
    const daysAgo = (days: number) => utcDay(new Date(Date.now() - days * 24 * 60 * 60 * 1000));
    const me = await createMember(app, {
      gender: 'male',
      sexuality: 'hetero',
      country: 'NL',
      region: 'NH',
      dateOfBirth: birthDateForAge(30),
    });
    const woman = { gender: 'female' as const, sexuality: 'hetero' as const, dateOfBirth: birthDateForAge(31) };
    const candidates: (ProfileValues & { photo?: boolean })[] = [
      { name: 'nh-no-photo-today', ...woman, country: 'NL', region: 'NH', lastActiveDay: daysAgo(0) },
      { name: 'de-photo-today', ...woman, country: 'DE', region: 'BE', lastActiveDay: daysAgo(0), photo: true },
      { name: 'nl-no-region-photo', ...woman, country: 'NL', region: null, lastActiveDay: daysAgo(2), photo: true },
      { name: 'ut-photo-today', ...woman, country: 'NL', region: 'UT', lastActiveDay: daysAgo(0), photo: true },
      { name: 'nh-photo-week-ago', ...woman, country: 'NL', region: 'NH', lastActiveDay: daysAgo(7), photo: true },
      { name: 'nh-photo-today', ...woman, country: 'NL', region: 'NH', lastActiveDay: daysAgo(0), photo: true },
      { name: 'de-no-photo', ...woman, country: 'DE', lastActiveDay: daysAgo(0) },
      { name: 'ut-no-photo-old', ...woman, country: 'NL', region: 'UT', lastActiveDay: daysAgo(30) },
      // Near and with a photo, but not whom he looks for, or not looking for him.
      { name: 'nh-lesbian', ...woman, sexuality: 'lesbian', country: 'NL', region: 'NH', photo: true },
      { name: 'nh-hetero-man', ...woman, gender: 'male', country: 'NL', region: 'NH', photo: true },
      { name: 'nh-gay-man', ...woman, gender: 'male', sexuality: 'gay', country: 'NL', region: 'NH', photo: true },
    ];
    const rows = await insertProfiles(
      app,
      candidates.map(({ photo: _photo, ...row }) => row),
    );
    await app.db.insert(photos).values(
      rows
        .filter((_, index) => candidates[index]!.photo)
        .map((row) => ({
          profileId: row.id,
          fileKey: `photos/t/${row.id}.jpg`,
          thumbKey: `photos/t/${row.id}_thumb.jpg`,
          width: 400,
          height: 400,
          isMain: true,
        })),
    );

    const ours = new Set(candidates.map((candidate) => candidate.name));
    const namesOf = (suggestions: Suggestion[]) =>
      suggestions.map((suggestion) => suggestion.name).filter((name) => ours.has(name));
    const expectedWithPhoto = [
      'nh-photo-today',
      'nh-photo-week-ago',
      'ut-photo-today',
      'nl-no-region-photo',
      'de-photo-today',
    ];
    const expected = [...expectedWithPhoto, 'nh-no-photo-today', 'ut-no-photo-old', 'de-no-photo'];
    expect(namesOf(await finderAll(me))).toEqual(expected);
    // The activation page's "members near you" (signup matches): those with a photo, in the same order.
    const signup = signupMatchesResponseSchema.parse(
      (await me.client.request({ url: '/api/signup-matches.php' })).json(),
    );
    expect(namesOf(signup.profiles)).toEqual(expectedWithPhoto);

    // Without a region: the whole country first; without a country: one tier.
    const noRegion = await createMember(app, {
      gender: 'male',
      sexuality: 'hetero',
      country: 'NL',
      region: null,
      dateOfBirth: birthDateForAge(30),
    });
    expect(namesOf(await finderAll(noRegion))).toEqual([
      'nh-photo-today',
      'ut-photo-today',
      'nl-no-region-photo',
      'nh-photo-week-ago',
      'de-photo-today',
      'nh-no-photo-today',
      'ut-no-photo-old',
      'de-no-photo',
    ]);
    const nowhere = await createMember(app, {
      gender: 'male',
      sexuality: 'hetero',
      country: null,
      region: null,
      dateOfBirth: birthDateForAge(30),
    });
    expect(namesOf(await finderAll(nowhere))).toEqual([
      'nh-photo-today',
      'ut-photo-today',
      'de-photo-today',
      'nl-no-region-photo',
      'nh-photo-week-ago',
      'de-no-photo',
      'nh-no-photo-today',
      'ut-no-photo-old',
    ]);
  });

  it("shows signup matches nearest to the member's town first; the match finder keeps the relevance order", async () => {
    const daysAgo = (days: number) => utcDay(new Date(Date.now() - days * 24 * 60 * 60 * 1000));
    const me = await createMember(app, {
      gender: 'male',
      sexuality: 'hetero',
      country: 'FI',
      region: null,
      city: 'Helsinki',
      dateOfBirth: birthDateForAge(30),
    });
    const woman = {
      gender: 'female' as const,
      sexuality: 'hetero' as const,
      country: 'FI',
      region: null,
      dateOfBirth: birthDateForAge(31),
    };
    // Relevance alone (activity, then newest) would list them in this order.
    const candidates: ProfileValues[] = [
      { name: 'fi-no-town', ...woman, lastActiveDay: daysAgo(0) },
      { name: 'fi-rovaniemi', ...woman, city: 'Rovaniemi', lastActiveDay: daysAgo(0) },
      { name: 'fi-turku', ...woman, city: 'turku', lastActiveDay: daysAgo(1) },
      { name: 'fi-lahti', ...woman, city: 'Lahti', lastActiveDay: daysAgo(2) },
      { name: 'fi-espoo', ...woman, city: 'Espoo', lastActiveDay: daysAgo(9) },
    ].reverse();
    const rows = await insertProfiles(app, candidates);
    await app.db.insert(photos).values(
      rows.map((row) => ({
        profileId: row.id,
        fileKey: `photos/f/${row.id}.jpg`,
        thumbKey: `photos/f/${row.id}_thumb.jpg`,
        width: 400,
        height: 400,
        isMain: true,
      })),
    );
    const ours = new Set(candidates.map((candidate) => candidate.name));
    const namesOf = (suggestions: Suggestion[]) =>
      suggestions.map((suggestion) => suggestion.name).filter((name) => ours.has(name));

    expect(namesOf(await finderAll(me))).toEqual(['fi-no-town', 'fi-rovaniemi', 'fi-turku', 'fi-lahti', 'fi-espoo']);
    // Espoo about 15 km from Helsinki, Lahti about 100, Turku about 150, Rovaniemi about 700; no town last.
    const signup = signupMatchesResponseSchema.parse(
      (await me.client.request({ url: '/api/signup-matches.php' })).json(),
    );
    expect(namesOf(signup.profiles)).toEqual(['fi-espoo', 'fi-lahti', 'fi-turku', 'fi-rovaniemi', 'fi-no-town']);
  });

  it('refuses finder cursors of an unknown tier or a malformed key', async () => {
    const me = await createMember(app);
    for (const values of [
      ['own', true, '2026-01-01', 5],
      ['region', true, '2026-13-01', 5],
      ['region', 1, 5],
    ]) {
      const response = await me.client.request({
        url: `/api/match-finder.php?cursor=${app.cursors.encode('finder', values)}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('cursor_invalid');
    }
  });

  it('is for members only', async () => {
    expect((await visitor(app).request({ url: '/api/match-finder.php' })).statusCode).toBe(403);
    expect((await visitor(app).request({ url: '/api/signup-matches.php' })).statusCode).toBe(403);
  });

  // Last in the file: the members it adds would show up in the other tests' suggestions.
  it('reads a woman who chose "gay" as lesbian: she is suggested women, and lesbian and bi women are suggested her', async () => {
    const her = await createMember(app, {
      name: 'her',
      gender: 'female',
      sexuality: 'gay',
      country: 'SE',
      dateOfBirth: birthDateForAge(33),
    });
    await insertProfiles(app, [
      { name: 'se-lesbian', gender: 'female', sexuality: 'lesbian', country: 'SE', dateOfBirth: birthDateForAge(31) },
      { name: 'se-bi-woman', gender: 'female', sexuality: 'bi', country: 'SE', dateOfBirth: birthDateForAge(35) },
      { name: 'se-gay-woman', gender: 'female', sexuality: 'gay', country: 'SE', dateOfBirth: birthDateForAge(34) },
      {
        name: 'se-hetero-woman',
        gender: 'female',
        sexuality: 'hetero',
        country: 'SE',
        dateOfBirth: birthDateForAge(33),
      },
      { name: 'se-gay-man', gender: 'male', sexuality: 'gay', country: 'SE', dateOfBirth: birthDateForAge(33) },
      { name: 'se-hetero-man', gender: 'male', sexuality: 'hetero', country: 'SE', dateOfBirth: birthDateForAge(33) },
    ]);
    const suggestions = await finderAll(her);
    // Earlier tests' members are in the database too: hers are the se- ones, and nobody suggested to her is a man.
    expect(
      suggestions
        .map((suggestion) => suggestion.name)
        .filter((name) => name.startsWith('se-'))
        .sort(),
    ).toEqual(['se-bi-woman', 'se-gay-woman', 'se-lesbian']);
    expect(suggestions.every((suggestion) => suggestion.gender === 'female')).toBe(true);

    // And the other way round: a lesbian woman is suggested her.
    const lesbian = await createMember(app, {
      gender: 'female',
      sexuality: 'lesbian',
      country: 'SE',
      dateOfBirth: birthDateForAge(32),
    });
    expect((await finderAll(lesbian)).map((suggestion) => suggestion.name)).toContain('her');
  });
});
