import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  HOME_MEMBERS_MAX,
  SEARCH_COUNT_CAP,
  SEARCH_PAGE_SIZE,
  VISITOR_SEARCH_PAGES,
  homeMembersResponseSchema,
  searchResponseSchema,
  type SearchResponse,
} from '@app/contracts';
import { blocks, sites, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import type { Client } from '../../test-support/accounts.ts';
import { birthDateForAge, createMember, insertProfiles, uploadPhoto, visitor } from '../../test-support/members.ts';
import { toActivity } from '../member-core/index.ts';
import { SEARCH_COUNT_TTL_MS } from './search.service.ts';

describe('search (search.php)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  async function setSite(values: Partial<typeof sites.$inferInsert>) {
    await app.db.update(sites).set(values);
    app.sites.invalidate();
  }
  beforeEach(() =>
    setSite({
      loggedOutSearch: 'all',
      loggedOutSearchTrafficsource: 'all',
      searchFields: ['gender', 'country', 'region', 'min_age', 'max_age'],
    }),
  );

  async function search(client: Client, query: string): Promise<SearchResponse> {
    const response = await client.request({ url: `/api/search.php?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return searchResponseSchema.parse(response.json());
  }

  /** Every result of a search, page by page. */
  async function searchAll(client: Client, query: string) {
    const pages: SearchResponse[] = [];
    let cursor: string | null = null;
    do {
      const page: SearchResponse = await search(
        client,
        `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      pages.push(page);
      cursor = page.next_cursor;
    } while (cursor && pages.length < 100);
    return { pages, ids: pages.flatMap((page) => page.results.map((result) => result.id)) };
  }

  it('filters by gender, country, region and age, newest first, with the main image in the card', async () => {
    const member = await createMember(app, { country: 'FI' });
    const rows = await insertProfiles(app, [
      { name: 'match-a', gender: 'female', country: 'AT', region: '9', dateOfBirth: birthDateForAge(30) },
      { name: 'wrong-gender', gender: 'male', country: 'AT', region: '9', dateOfBirth: birthDateForAge(30) },
      { name: 'wrong-country', gender: 'female', country: 'CH', region: 'ZH', dateOfBirth: birthDateForAge(30) },
      { name: 'wrong-region', gender: 'female', country: 'AT', region: '7', dateOfBirth: birthDateForAge(30) },
      { name: 'too-young', gender: 'female', country: 'AT', region: '9', dateOfBirth: birthDateForAge(24, 30) },
      { name: 'too-old', gender: 'female', country: 'AT', region: '9', dateOfBirth: birthDateForAge(41) },
      { name: 'match-b-edge-young', gender: 'female', country: 'AT', region: '9', dateOfBirth: birthDateForAge(25, 0) },
      {
        name: 'match-c-edge-old',
        gender: 'female',
        country: 'AT',
        region: '9',
        dateOfBirth: birthDateForAge(40, -360),
      },
    ]);
    const body = await search(member.client, 'gender=female&country=AT&region=9&min_age=25&max_age=40');
    expect(body.results.map((result) => result.name)).toEqual(['match-c-edge-old', 'match-b-edge-young', 'match-a']);
    expect(body.results[2]).toEqual({
      ...{
        id: rows[0]!.id,
        name: 'match-a',
        age: 30,
        gender: 'female',
        country: 'AT',
        region: '9',
        city: null,
        main_image: null,
        is_fictional: false,
      },
      activity: 'today',
      is_verified: false,
      prompt: null,
    });
    expect(body).toMatchObject({ num_results: 3, is_num_results_capped: false, next_cursor: null });
    expect(body.filters).toEqual({
      gender: 'female',
      country: 'AT',
      region: '9',
      min_age: 25,
      max_age: 40,
      verified: false,
    });

    const withoutRegion = await search(member.client, 'gender=female&country=AT&min_age=25&max_age=40');
    expect(withoutRegion.results.map((result) => result.name)).toContain('wrong-region');
    const anyGender = await search(member.client, 'country=AT&region=9&min_age=25&max_age=40');
    expect(anyGender.results.map((result) => result.name)).toContain('wrong-gender');
  });

  it("says how far each result's town is from the member's own, when both towns are known", async () => {
    const member = await createMember(app, { country: 'NL', region: 'NH', city: 'Haarlem' });
    await insertProfiles(app, [
      { name: 'no-town', country: 'US', region: null, city: null },
      { name: 'in-chicago', country: 'US', city: 'Chicago' },
    ]);
    const results = (await search(member.client, 'country=US')).results;
    const byName = Object.fromEntries(results.map((card) => [card.name, card]));
    // Haarlem to Chicago: about 6,600 km; no town, no distance.
    expect(byName['in-chicago']?.distance_km).toBeGreaterThan(6_000);
    expect(byName['in-chicago']?.distance_km).toBeLessThan(7_200);
    expect(byName['no-town']).not.toHaveProperty('distance_km');
    // A visitor's results say no distance.
    expect((await search(visitor(app), 'country=US')).results.every((card) => card.distance_km === undefined)).toBe(
      true,
    );
  });

  it('includes the main image in each result in the same query', async () => {
    const searcher = await createMember(app, { country: 'FI' });
    const withPhoto = await createMember(app, { country: 'CA', gender: 'male' });
    await uploadPhoto(withPhoto.client);
    const body = await search(searcher.client, 'country=CA&gender=male');
    expect(body.results.find((result) => result.id === withPhoto.profileId)?.main_image?.thumb_filename).toMatch(
      /_thumb\.jpg$/,
    );
  });

  it('pages with a cursor across page boundaries without duplicates or gaps, also while members join', async () => {
    const member = await createMember(app, { country: 'FI' });
    const rows = await insertProfiles(
      app,
      Array.from({ length: 47 }, (_, index) => ({ name: `pl${index}`, gender: 'female' as const, country: 'PL' })),
    );
    const expected = rows.map((row) => row.id).sort((a, b) => b - a);

    const first = await search(member.client, 'country=PL&gender=female');
    expect(first.results).toHaveLength(SEARCH_PAGE_SIZE);
    expect(first.num_results).toBe(47);
    // Someone joins between page 1 and page 2: they are newer, so they never shift later pages.
    await insertProfiles(app, [{ name: 'late', gender: 'female', country: 'PL' }]);
    const ids = [...first.results.map((result) => result.id)];
    let cursor = first.next_cursor;
    while (cursor) {
      const page = await search(member.client, `country=PL&gender=female&cursor=${encodeURIComponent(cursor)}`);
      expect(page.num_results).toBeNull();
      ids.push(...page.results.map((result) => result.id));
      cursor = page.next_cursor;
    }
    expect(ids).toEqual(expected);

    const small = await searchAll(member.client, 'country=PL&gender=female&limit=7');
    expect(small.pages.map((page) => page.results.length)).toEqual([7, 7, 7, 7, 7, 7, 6]);
    expect(new Set(small.ids).size).toBe(48);
    const bad = await member.client.request({ url: '/api/search.php?country=PL&cursor=abc' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('cursor_invalid');
  });

  it('caps the count at SEARCH_COUNT_CAP', async () => {
    const member = await createMember(app, { country: 'FI' });
    await insertProfiles(
      app,
      Array.from({ length: SEARCH_COUNT_CAP + 5 }, (_, index) => ({
        name: `se${index}`,
        country: 'SE',
        gender: 'male' as const,
      })),
    );
    const body = await search(member.client, 'country=SE&gender=male');
    expect(body).toMatchObject({ num_results: SEARCH_COUNT_CAP, is_num_results_capped: true });
  });

  it('counts for each searcher what they see, from a count of the filters shared by every searcher for 30 s', async () => {
    // Below the cap: what the searcher hides (themselves, blocks both ways) comes off the shared count, exactly.
    const rows = await insertProfiles(
      app,
      Array.from({ length: 30 }, (_, index) => ({ name: `no${index}`, country: 'NO', gender: 'female' as const })),
    );
    const first = await createMember(app, { country: 'NO', gender: 'female' });
    const second = await createMember(app, { country: 'NO', gender: 'female' });
    const blocker = await createMember(app, { country: 'NO', gender: 'female' });
    await app.db.insert(blocks).values([
      { profileId: blocker.profileId, blockedProfileId: rows[0]!.id },
      { profileId: rows[1]!.id, blockedProfileId: blocker.profileId },
    ]);
    const query = 'country=NO&gender=female';
    expect((await search(first.client, query)).num_results).toBe(32);
    expect((await search(second.client, query)).num_results).toBe(32);
    expect((await search(blocker.client, query)).num_results).toBe(30);
    expect((await search(visitor(app), query)).num_results).toBe(33);
    // A member who joins is counted once the shared count is 30 s old; the results list them at once.
    const [joined] = await insertProfiles(app, [{ name: 'no-new', country: 'NO', gender: 'female' }]);
    const fresh = await search(visitor(app), query);
    expect(fresh.results[0]!.id).toBe(joined!.id);
    expect(fresh.num_results).toBe(33);
    try {
      app.clock.now = () => new Date(Date.now() + SEARCH_COUNT_TTL_MS);
      expect((await search(visitor(app), query)).num_results).toBe(34);
      expect((await search(blocker.client, query)).num_results).toBe(31);
    } finally {
      app.clock.now = () => new Date();
    }
  });

  it('counts exactly near the cap for a searcher who hides more of the matches than the shared count runs past it', async () => {
    // 1,101 match (the cap, one more, and the shared count's margin of 100): the shared count stops there.
    const matching = await insertProfiles(
      app,
      Array.from({ length: SEARCH_COUNT_CAP + 101 }, (_, index) => ({
        name: `es${index}`,
        country: 'ES',
        gender: 'male' as const,
      })),
    );
    const member = await createMember(app, { country: 'FI' });
    const query = 'country=ES&gender=male';
    expect(await search(member.client, query)).toMatchObject({
      num_results: SEARCH_COUNT_CAP,
      is_num_results_capped: true,
    });
    // Blocking 100 of them still leaves 1,001: beyond the cap, known from the counts alone.
    await app.db
      .insert(blocks)
      .values(matching.slice(0, 100).map((row) => ({ profileId: member.profileId, blockedProfileId: row.id })));
    expect(await search(member.client, query)).toMatchObject({
      num_results: SEARCH_COUNT_CAP,
      is_num_results_capped: true,
    });
    // One more leaves exactly 1,000: not "1000+" (the shared count cannot tell, so this searcher's is exact).
    await app.db.insert(blocks).values({ profileId: member.profileId, blockedProfileId: matching[100]!.id });
    expect(await search(member.client, query)).toMatchObject({
      num_results: SEARCH_COUNT_CAP,
      is_num_results_capped: false,
    });
  });

  it('never lists the searcher, blocked, invisible, not activated, disabled or leaving members', async () => {
    const member = await createMember(app, { country: 'DK', gender: 'male' });
    const visible = await createMember(app, { country: 'DK', gender: 'male' });
    const invisible = await createMember(app, { country: 'DK', gender: 'male', isInvisible: true });
    const unconfirmed = await createMember(app, { country: 'DK', gender: 'male', isActive: false });
    const leaving = await createMember(app, { country: 'DK', gender: 'male' });
    await app.db
      .update(users)
      .set({ status: 'deleted_pending', deletedAt: new Date() })
      .where(eq(users.id, leaving.user.id));
    const [disabled] = await insertProfiles(app, [
      { name: 'disabled', country: 'DK', gender: 'male', status: 'disabled' },
    ]);
    const ids = (await searchAll(member.client, 'country=DK&gender=male')).ids;
    expect(ids).toContain(visible.profileId);
    for (const hidden of [
      member.profileId,
      invisible.profileId,
      unconfirmed.profileId,
      leaving.profileId,
      disabled!.id,
    ])
      expect(ids).not.toContain(hidden);
    // A visitor does not see them either.
    const visitorIds = (await searchAll(visitor(app), 'country=DK&gender=male')).ids;
    expect(visitorIds).toEqual([visible.profileId, member.profileId].sort((a, b) => b - a));
  });

  it('adds similar results when few match: region dropped, then ages widened, then country dropped', async () => {
    const member = await createMember(app, { country: 'FI' });
    await insertProfiles(app, [
      { name: 'exact', gender: 'female', country: 'IT', region: '21', dateOfBirth: birthDateForAge(30) },
      { name: 'other-region', gender: 'female', country: 'IT', region: '25', dateOfBirth: birthDateForAge(30) },
      { name: 'bit-older', gender: 'female', country: 'IT', region: '25', dateOfBirth: birthDateForAge(34) },
    ]);
    // One more result fills a page of 2: dropping the region is enough.
    const small = await search(member.client, 'gender=female&country=IT&region=21&min_age=28&max_age=31&limit=2');
    expect(small.results.map((result) => result.name)).toEqual(['exact']);
    expect(small.similar_results.map((result) => result.name)).toEqual(['other-region']);
    expect(small.similar_filters).toEqual({
      gender: 'female',
      country: 'IT',
      region: null,
      min_age: 28,
      max_age: 31,
      verified: false,
    });
    expect(small.similar_num_results).toBe(1);
    // A page of 20 needs more: ages widen by 5 years, then the country goes (other countries' members follow, newest first).
    const body = await search(member.client, 'gender=female&country=IT&region=21&min_age=28&max_age=31');
    expect(body.results.map((result) => result.name)).toEqual(['exact']);
    expect(body.similar_results.slice(0, 2).map((result) => result.name)).toEqual(['bit-older', 'other-region']);
    expect(body.similar_results.map((result) => result.name)).not.toContain('exact');
    expect(body.similar_filters).toEqual({
      gender: 'female',
      country: null,
      region: null,
      min_age: 23,
      max_age: 36,
      verified: false,
    });
    expect(body.similar_num_results).toBeGreaterThanOrEqual(body.similar_results.length);
    // A full page has no similar results.
    await insertProfiles(
      app,
      Array.from({ length: SEARCH_PAGE_SIZE }, (_, index) => ({
        name: `it${index}`,
        gender: 'female' as const,
        country: 'IT',
        region: '21',
      })),
    );
    const full = await search(member.client, 'gender=female&country=IT&region=21');
    expect(full).toMatchObject({ similar_results: [], similar_filters: null, similar_num_results: 0 });
  });

  it('lets visitors search as logged_out_search allows, or logged_out_search_trafficsource with tracking data', async () => {
    await insertProfiles(app, [{ name: 'nz', country: 'NZ' }]);
    await setSite({ loggedOutSearch: 'none', loggedOutSearchTrafficsource: 'all' });
    const refused = await visitor(app).request({ url: '/api/search.php?country=NZ' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toMatchObject({
      code: 'login_required_search',
      message: 'Sign up for free to search members.',
    });
    expect(refused.json().authentication_required).toBeUndefined();
    expect((await search(visitor(app), 'country=NZ&network=adnet')).results).toHaveLength(1);
    expect((await visitor(app).request({ url: '/api/search.php?country=NZ&ref=%7B%7D' })).statusCode).toBe(403);

    await setSite({ loggedOutSearch: 'all', loggedOutSearchTrafficsource: 'none' });
    expect((await search(visitor(app), 'country=NZ')).results).toHaveLength(1);
    expect((await visitor(app).request({ url: '/api/search.php?country=NZ&network=adnet' })).statusCode).toBe(403);
    // SPEC section 3's "none or other": `other` allows, like `all`.
    await setSite({ loggedOutSearch: 'other', loggedOutSearchTrafficsource: 'other' });
    expect((await search(visitor(app), 'country=NZ')).results).toHaveLength(1);
    expect((await search(visitor(app), 'country=NZ&network=adnet')).results).toHaveLength(1);
    // Members always search.
    const member = await createMember(app);
    await setSite({ loggedOutSearch: 'none', loggedOutSearchTrafficsource: 'none' });
    expect((await search(member.client, 'country=NZ')).results).toHaveLength(1);
  });

  it(`gives visitors ${VISITOR_SEARCH_PAGES} pages at most`, async () => {
    await insertProfiles(
      app,
      Array.from({ length: VISITOR_SEARCH_PAGES + 2 }, (_, index) => ({ name: `au${index}`, country: 'AU' })),
    );
    const client = visitor(app);
    let cursor: string | null = null;
    for (let page = 0; page < VISITOR_SEARCH_PAGES; page++) {
      const body: SearchResponse = await search(
        client,
        `country=AU&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      cursor = body.next_cursor;
    }
    const beyond = await client.request({
      url: `/api/search.php?country=AU&limit=1&cursor=${encodeURIComponent(cursor!)}`,
    });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().error.code).toBe('login_required_search');
  });

  it('refuses a visitor who edits the page index in a cursor to read past the last page (cursors are signed)', async () => {
    await insertProfiles(
      app,
      Array.from({ length: 3 }, (_, index) => ({ name: `nz${index}`, country: 'NZ' })),
    );
    const client = visitor(app);
    const first: SearchResponse = await search(client, 'country=NZ&limit=1');
    const [payload, mac] = first.next_cursor!.split('.');
    const values = JSON.parse(Buffer.from(payload!, 'base64url').toString('utf8')) as unknown[];
    expect(values[0]).toBe('search');
    expect(values[1]).toBe(1);
    // Page index 1 -> 0: the visitor's page count starts again, so every page would be free.
    const edited = Buffer.from(JSON.stringify(['search', 0, ...values.slice(2)])).toString('base64url');
    for (const forged of [
      `${edited}.${mac}`,
      edited,
      Buffer.from(JSON.stringify(['search', 0, ...values.slice(2)])).toString('base64url') + '.',
      `${payload}.${mac}x`,
    ]) {
      const response = await client.request({
        url: `/api/search.php?country=NZ&limit=1&cursor=${encodeURIComponent(forged)}`,
      });
      expect(response.statusCode, forged).toBe(400);
      expect(response.json().error.code).toBe('cursor_invalid');
    }
    // The untouched cursor still works.
    expect(
      (
        await client.request({
          url: `/api/search.php?country=NZ&limit=1&cursor=${encodeURIComponent(first.next_cursor!)}`,
        })
      ).statusCode,
    ).toBe(200);
  });

  it('applies only the filters of settings.search_fields, and validates the rest', async () => {
    const member = await createMember(app, { country: 'FI' });
    await setSite({ searchFields: ['country'] });
    const body = await search(member.client, 'gender=male&country=GB&min_age=50');
    expect(body.filters).toEqual({
      gender: null,
      country: 'GB',
      region: null,
      min_age: 18,
      max_age: 99,
      verified: false,
    });
    await setSite({ searchFields: ['gender', 'country', 'region', 'min_age', 'max_age'] });
    const range = await member.client.request({ url: '/api/search.php?min_age=50&max_age=30' });
    expect(range.statusCode).toBe(400);
    expect(range.json().error.fields).toEqual([
      expect.objectContaining({ path: 'max_age', code: 'search_age_range_invalid' }),
    ]);
    const country = await member.client.request({ url: '/api/search.php?country=JP' });
    expect(country.json().error.fields).toEqual([
      expect.objectContaining({ path: 'country', code: 'country_invalid' }),
    ]);
    const young = await search(member.client, 'min_age=10');
    expect(young.filters.min_age).toBe(18);
  });

  it('says on each card how recently the member was active: today, this week, or nothing', async () => {
    const member = await createMember(app, { country: 'FI' });
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    await insertProfiles(app, [
      { name: 'act-old', country: 'IE', lastActiveDay: day(30) },
      { name: 'act-week', country: 'IE', lastActiveDay: day(6) },
      { name: 'act-today', country: 'IE', lastActiveDay: day(0) },
    ]);
    const body = await search(member.client, 'country=IE');
    expect(Object.fromEntries(body.results.map((result) => [result.name, result.activity]))).toEqual({
      'act-today': 'today',
      'act-week': 'week',
      'act-old': null,
    });
    const now = new Date('2025-03-10T23:59:00Z');
    expect([
      toActivity('2025-03-10', now),
      toActivity('2025-03-03', now),
      toActivity('2025-03-02', now),
      toActivity(null, now),
    ]).toEqual(['today', 'week', null, null]);
  });

  describe('home-members.php (the home page faces)', () => {
    async function homeMembers(client: Client, query = '') {
      const response = await client.request({ url: `/api/home-members.php${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return homeMembersResponseSchema.parse(response.json()).profiles;
    }

    it('gives visitors members with a main photo only, never a private photo or a field the site hides', async () => {
      const withPhoto = await createMember(app, { country: 'NL', city: 'Utrecht' });
      await uploadPhoto(withPhoto.client);
      const privateOnly = await createMember(app, { country: 'NL' });
      await uploadPhoto(privateOnly.client, undefined, { isPrivate: true });
      const invisible = await createMember(app, { country: 'NL', isInvisible: true });
      await uploadPhoto(invisible.client);
      const [before] = await app.db.select({ fields: sites.visibleProfileFields }).from(sites);
      await setSite({ visibleProfileFields: ['age', 'country'] });
      try {
        const faces = await homeMembers(visitor(app), `?limit=${HOME_MEMBERS_MAX}`);
        const ids = faces.map((face) => face.id);
        expect(ids).toContain(withPhoto.profileId);
        expect(ids).not.toContain(privateOnly.profileId);
        expect(ids).not.toContain(invisible.profileId);
        expect(
          faces.every((face) => face.main_image !== null && !face.main_image.filename.includes('photo-file')),
        ).toBe(true);
        const face = faces.find((entry) => entry.id === withPhoto.profileId)!;
        expect(face).toMatchObject({ city: null, gender: null, country: 'NL' });
        expect(Object.keys(face).sort()).toEqual([
          'activity',
          'age',
          'city',
          'country',
          'gender',
          'id',
          'is_fictional',
          'is_verified',
          'main_image',
          'name',
          'region',
        ]);
      } finally {
        await setSite({ visibleProfileFields: before!.fields });
      }
    });

    it('answers as logged_out_search allows visitors, and always for members; the limit is bounded', async () => {
      const member = await createMember(app, { country: 'NL' });
      await uploadPhoto(member.client);
      const other = await createMember(app, { country: 'NL' });
      await uploadPhoto(other.client);
      await setSite({ loggedOutSearch: 'none', loggedOutSearchTrafficsource: 'all' });
      const refused = await visitor(app).request({ url: '/api/home-members.php' });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.code).toBe('login_required_search');
      expect((await homeMembers(visitor(app), '?network=adnet')).length).toBeGreaterThan(0);
      // A member sees faces whatever the visitors' setting, never their own.
      const faces = await homeMembers(member.client, `?limit=${HOME_MEMBERS_MAX}`);
      expect(faces.map((face) => face.id)).toContain(other.profileId);
      expect(faces.map((face) => face.id)).not.toContain(member.profileId);
      expect((await homeMembers(member.client, '?limit=1')).length).toBe(1);
      expect(
        (await member.client.request({ url: `/api/home-members.php?limit=${HOME_MEMBERS_MAX + 1}` })).statusCode,
      ).toBe(400);
    });
  });
});
