// The relevance order (docs/search-relevance.md): has_photo and last_active_day kept up to date, search pages in that order, stable keyset paging.
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  SEARCH_PAGE_SIZE,
  photosResponseSchema,
  searchResponseSchema,
  uploadPhotoResponseSchema,
  type SearchResponse,
} from '@app/contracts';
import { photos, profiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { DEFAULT_PASSWORD, createClient, login, type Client } from '../../test-support/accounts.ts';
import {
  createMember,
  insertProfiles,
  makeJpeg,
  uploadPhoto,
  visitor,
  type ProfileValues,
} from '../../test-support/members.ts';
import { relevancePhases, utcDay } from '../member-core/index.ts';
import { createSearchRepository } from './search.repository.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
/** The UTC day `days` before today. */
const daysAgo = (days: number) => utcDay(new Date(Date.now() - days * DAY_MS));

describe('relevance order', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());
  afterEach(() => {
    app.clock.now = () => new Date();
  });

  async function profileOf(id: number) {
    const [row] = await app.db
      .select({ hasPhoto: profiles.hasPhoto, lastActiveDay: profiles.lastActiveDay })
      .from(profiles)
      .where(eq(profiles.id, id));
    return row!;
  }

  /** Profiles without an account; those marked `photo` get a main photo row, as demo seeding inserts them. */
  async function insertRanked(rows: (ProfileValues & { photo?: boolean })[]) {
    const inserted = await insertProfiles(
      app,
      rows.map(({ photo: _photo, ...row }) => row),
    );
    const withPhoto = inserted.filter((_, index) => rows[index]!.photo);
    if (withPhoto.length) {
      await app.db.insert(photos).values(
        withPhoto.map((row) => ({
          profileId: row.id,
          fileKey: `photos/t/${row.id}.jpg`,
          thumbKey: `photos/t/${row.id}_thumb.jpg`,
          width: 400,
          height: 400,
          isMain: true,
        })),
      );
    }
    return inserted;
  }

  async function search(client: Client, query: string): Promise<SearchResponse> {
    const response = await client.request({ url: `/api/search.php?${query}` });
    expect(response.statusCode, response.body).toBe(200);
    return searchResponseSchema.parse(response.json());
  }

  /** Follows next_cursor to the end; `between(pageNumber)` runs after each page. */
  async function searchAll(client: Client, query: string, between?: (pageNumber: number) => Promise<void>) {
    const ids: number[] = [];
    let cursor: string | null = null;
    let pageNumber = 0;
    do {
      const page: SearchResponse = await search(
        client,
        `${query}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      ids.push(...page.results.map((result) => result.id));
      cursor = page.next_cursor;
      await between?.(++pageNumber);
    } while (cursor && pageNumber < 100);
    return ids;
  }

  it('keeps profiles.has_photo true exactly while the profile has a main photo, in every photo path', async () => {
    const member = await createMember(app);
    const jpeg = await makeJpeg(400, 400);
    expect((await profileOf(member.profileId)).hasPhoto).toBe(false);
    // A private photo is never the main one.
    const hidden = uploadPhotoResponseSchema.parse(
      (await uploadPhoto(member.client, jpeg, { isPrivate: true })).json(),
    ).photo;
    expect((await profileOf(member.profileId)).hasPhoto).toBe(false);
    const first = uploadPhotoResponseSchema.parse((await uploadPhoto(member.client, jpeg)).json()).photo;
    expect(first.is_main).toBe(true);
    expect((await profileOf(member.profileId)).hasPhoto).toBe(true);
    const second = uploadPhotoResponseSchema.parse((await uploadPhoto(member.client, jpeg)).json()).photo;
    const makeMain = await member.client.request({
      method: 'PUT',
      url: '/api/photo.php',
      payload: { id: second.id, is_main: true },
    });
    expect(photosResponseSchema.parse(makeMain.json()).main_image).not.toBeNull();
    expect((await profileOf(member.profileId)).hasPhoto).toBe(true);
    // Deleting the main photo promotes the other public one; deleting that leaves only the private one.
    await member.client.request({ method: 'DELETE', url: '/api/photo.php', payload: { id: second.id } });
    expect((await profileOf(member.profileId)).hasPhoto).toBe(true);
    const last = await member.client.request({ method: 'DELETE', url: '/api/photo.php', payload: { id: first.id } });
    expect(photosResponseSchema.parse(last.json()).main_image).toBeNull();
    expect((await profileOf(member.profileId)).hasPhoto).toBe(false);
    // The private one made public and main.
    await member.client.request({
      method: 'PUT',
      url: '/api/photo.php',
      payload: { id: hidden.id, is_private: false },
    });
    await member.client.request({ method: 'PUT', url: '/api/photo.php', payload: { id: hidden.id, is_main: true } });
    expect((await profileOf(member.profileId)).hasPhoto).toBe(true);

    // Rows written directly (demo seeding, fictional profiles) are kept by the same trigger.
    const [fictional] = await insertRanked([{ name: 'fictional', isFictional: true, photo: true }]);
    expect((await profileOf(fictional!.id)).hasPhoto).toBe(true);
    await app.db.delete(photos).where(eq(photos.profileId, fictional!.id));
    expect((await profileOf(fictional!.id)).hasPhoto).toBe(false);
  });

  it('moves the activity day on the first member request or login of a UTC day, and writes it once a day', async () => {
    const member = await createMember(app);
    const setDay = (day: string) =>
      app.db.update(profiles).set({ lastActiveDay: day }).where(eq(profiles.id, member.profileId));
    const dayOf = async () => (await profileOf(member.profileId)).lastActiveDay;
    const at = (days: number) => {
      const now = new Date(Date.now() + days * DAY_MS);
      app.clock.now = () => now;
      return utcDay(now);
    };
    // Signing up made the member active today; the next day's first request moves the day.
    expect(await dayOf()).toBe(daysAgo(0));
    await setDay(daysAgo(9));
    const tomorrow = at(1);
    expect((await member.client.request({ url: '/api/profile.php' })).statusCode).toBe(200);
    expect(await dayOf()).toBe(tomorrow);

    // Later requests of the same day write nothing (the day set back here stays).
    await setDay(daysAgo(9));
    await member.client.request({ url: '/api/search.php' });
    expect(await dayOf()).toBe(daysAgo(9));

    // The next UTC day moves it again; logging in counts too.
    const dayAfter = at(2);
    await member.client.request({ url: '/api/profile.php' });
    expect(await dayOf()).toBe(dayAfter);
    const third = at(3);
    expect((await login(createClient(app), member.email, DEFAULT_PASSWORD)).statusCode).toBe(200);
    expect(await dayOf()).toBe(third);

    // Visitors are nobody's activity.
    const other = await createMember(app);
    await app.db
      .update(profiles)
      .set({ lastActiveDay: daysAgo(5) })
      .where(eq(profiles.id, other.profileId));
    await visitor(app).request({ url: `/api/member.php?id=${other.profileId}` });
    expect((await profileOf(other.profileId)).lastActiveDay).toBe(daysAgo(5));
  });

  it('orders search results with a photo first, then by activity day, then newest, for members and visitors', async () => {
    const searcher = await createMember(app, { country: 'FI' });
    const rows = await insertRanked([
      { name: 'photo-3-days', country: 'BE', lastActiveDay: daysAgo(3), photo: true },
      { name: 'no-photo-today', country: 'BE', lastActiveDay: daysAgo(0) },
      { name: 'photo-today-older', country: 'BE', lastActiveDay: daysAgo(0), photo: true },
      { name: 'photo-today-newer', country: 'BE', lastActiveDay: daysAgo(0), photo: true },
      { name: 'no-photo-yesterday', country: 'BE', lastActiveDay: daysAgo(1) },
      { name: 'photo-3-days-newer', country: 'BE', lastActiveDay: daysAgo(3), photo: true },
    ]);
    const expected = [
      'photo-today-newer',
      'photo-today-older',
      'photo-3-days-newer',
      'photo-3-days',
      'no-photo-today',
      'no-photo-yesterday',
    ];
    for (const client of [searcher.client, visitor(app)]) {
      const body = await search(client, 'country=BE');
      expect(body.results.map((result) => result.name)).toEqual(expected);
      expect(body.results.slice(0, 4).every((result) => result.main_image !== null)).toBe(true);
      // The same order page by page.
      expect(await searchAll(client, 'country=BE&limit=4')).toEqual(
        expected.map((name) => rows.find((row) => row.name === name)!.id),
      );
    }
    // Similar results (a first page that is not full) follow the same order.
    const similar = await search(searcher.client, 'country=BE&region=BRU');
    expect(similar.results).toEqual([]);
    expect(similar.similar_results.filter((result) => result.country === 'BE').map((result) => result.name)).toEqual(
      expected,
    );
  });

  it('pages without repeating anyone while members become active or join, and skips only who moved ahead of the cursor', async () => {
    const member = await createMember(app, { country: 'FI' });
    // 20 with a photo and 10 without, activity spread over ten days.
    await insertRanked(
      Array.from({ length: 30 }, (_, index) => ({
        name: `at${index}`,
        country: 'AT',
        region: '9',
        lastActiveDay: daysAgo(1 + (index % 10)),
        photo: index < 20,
      })),
    );
    const reference = await searchAll(member.client, 'country=AT&limit=5');
    expect(reference).toHaveLength(30);
    expect(new Set(reference).size).toBe(30);

    const shownThenActive = reference[1]!; // already on page 1, then active today: moves up, never shown again
    const aheadThenActive = reference[15]!; // not shown yet, moves ahead of the cursor: this pass misses it
    const behindThenActive = reference[29]!; // without a photo: moves up but stays behind the cursor, shown once
    const ids = await searchAll(member.client, 'country=AT&limit=5', async (pageNumber) => {
      if (pageNumber !== 2) return;
      await app.db
        .update(profiles)
        .set({ lastActiveDay: daysAgo(0) })
        .where(inArray(profiles.id, [shownThenActive, aheadThenActive, behindThenActive]));
      await insertRanked([{ name: 'joined', country: 'AT', photo: true }]);
    });
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).not.toContain(aheadThenActive);
    const [joined] = await app.db.select({ id: profiles.id }).from(profiles).where(eq(profiles.name, 'joined'));
    expect(ids).not.toContain(joined!.id);
    const unchanged = reference.filter((id) => ![aheadThenActive, behindThenActive].includes(id));
    expect(ids.filter((id) => id !== behindThenActive)).toEqual(unchanged);
    expect(ids).toContain(behindThenActive);

    // A new pass starts from the top: the members active today first.
    const fresh = await search(member.client, 'country=AT&limit=5');
    expect(fresh.results.map((result) => result.id).slice(0, 3)).toEqual(
      [joined!.id, aheadThenActive, shownThenActive].sort((a, b) => b - a),
    );
  });

  it("lists the searcher's place first when no country is filtered: the member's region and country, a visitor's GeoIP country", async () => {
    const rows = await insertRanked([
      { name: 'ie-no-photo-today', gender: 'male', country: 'IE', region: 'D', lastActiveDay: daysAgo(0) },
      { name: 'de-photo-today', gender: 'male', country: 'DE', region: 'BE', lastActiveDay: daysAgo(0), photo: true },
      {
        name: 'ie-other-region-photo',
        gender: 'male',
        country: 'IE',
        region: 'C',
        lastActiveDay: daysAgo(0),
        photo: true,
      },
      {
        name: 'ie-region-photo-old',
        gender: 'male',
        country: 'IE',
        region: 'D',
        lastActiveDay: daysAgo(6),
        photo: true,
      },
      {
        name: 'ie-region-photo-today',
        gender: 'male',
        country: 'IE',
        region: 'D',
        lastActiveDay: daysAgo(0),
        photo: true,
      },
      { name: 'de-no-photo-old', gender: 'male', country: 'DE', lastActiveDay: daysAgo(8) },
    ]);
    const ours = new Set(rows.map((row) => row.id));
    const namesOf = (ids: number[]) =>
      ids.filter((id) => ours.has(id)).map((id) => rows.find((row) => row.id === id)!.name);
    const member = await createMember(app, { gender: 'female', country: 'IE', region: 'D' });
    // Page by page (2 a page) across the phases: the same order, nobody twice.
    const memberIds = await searchAll(member.client, 'gender=male&limit=2');
    expect(new Set(memberIds).size).toBe(memberIds.length);
    expect(namesOf(memberIds)).toEqual([
      'ie-region-photo-today',
      'ie-region-photo-old',
      'ie-other-region-photo',
      'de-photo-today',
      'ie-no-photo-today',
      'de-no-photo-old',
    ]);
    // A country filter lists that country only, in plain relevance order.
    expect(namesOf(await searchAll(member.client, 'gender=male&country=IE'))).toEqual([
      'ie-region-photo-today',
      'ie-other-region-photo',
      'ie-region-photo-old',
      'ie-no-photo-today',
    ]);
    // A visitor from Germany (GeoIP) sees German members first; one without a known country, plain relevance.
    const fromGermany = createClient(app, '85.214.132.117');
    expect(namesOf(await searchAll(fromGermany, 'gender=male&limit=3'))).toEqual([
      'de-photo-today',
      'ie-region-photo-today',
      'ie-other-region-photo',
      'ie-region-photo-old',
      'de-no-photo-old',
      'ie-no-photo-today',
    ]);
    expect(namesOf(await searchAll(visitor(app), 'gender=male'))).toEqual([
      'ie-region-photo-today',
      'ie-other-region-photo',
      'de-photo-today',
      'ie-region-photo-old',
      'ie-no-photo-today',
      'de-no-photo-old',
    ]);
  });

  it('refuses cursors whose relevance key is malformed, and keeps the visitor page limit', async () => {
    const member = await createMember(app, { country: 'FI' });
    for (const values of [
      [1, 'all', true, '2026-02-30', 5],
      [1, 'all', true, 'yesterday', 5],
      [1, 'all', true, '0000-01-01', 5],
      [1, 'all', true, '2026-01-01', 2 ** 31],
      [1, 'all', 'yes', '2026-01-01', 5],
      [1, 'near', true, '2026-01-01', 5],
      [1, 'region', true, '2026-01-01', 5],
      [1, true, '2026-01-01', 5],
      [1, 5],
    ]) {
      const response = await member.client.request({
        url: `/api/search.php?cursor=${app.cursors.encode('search', values)}`,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.code).toBe('cursor_invalid');
    }
    await insertRanked(
      Array.from({ length: 8 }, (_, index) => ({ name: `nz${index}`, country: 'NZ', photo: index % 2 === 0 })),
    );
    const client = visitor(app);
    let cursor: string | null = null;
    for (let page = 0; page < 5; page++) {
      const body: SearchResponse = await search(
        client,
        `country=NZ&limit=1${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      cursor = body.next_cursor;
    }
    const beyond = await client.request({
      url: `/api/search.php?country=NZ&limit=1&cursor=${encodeURIComponent(cursor!)}`,
    });
    expect(beyond.statusCode).toBe(403);
    expect(beyond.json().error.code).toBe('login_required_search');
  });

  it('reads every filter combination and every phase from its search index in order, with no sort step', async () => {
    // Plans on current statistics: the server analyzes after migrations (docs/embedded-database.md), when these
    // tables were empty; statistics of empty tables would make the planner misjudge every index.
    await app.db.execute(sql`analyze`);
    const repository = createSearchRepository(app.db);
    const site = await app.sites.resolve('');
    const now = new Date();
    const whole = relevancePhases(null);
    const combinations: [string, { gender: 'female' | null; country: string | null; region: string | null }][] = [
      ['profiles_search_idx', { gender: null, country: null, region: null }],
      ['profiles_search_g_idx', { gender: 'female', country: null, region: null }],
      ['profiles_search_c_idx', { gender: null, country: 'NL', region: null }],
      ['profiles_search_gc_idx', { gender: 'female', country: 'NL', region: null }],
      ['profiles_search_cr_idx', { gender: null, country: 'NL', region: 'NH' }],
      ['profiles_search_gcr_idx', { gender: 'female', country: 'NL', region: 'NH' }],
    ];
    // Without a country filter, searches near a place read in phases (photo x location tier), all in one statement:
    // each phase from its own index.
    const near = { country: 'NL', region: 'NH' };
    const phases = relevancePhases(near);
    const byTier = {
      region: 'profiles_search_gcr_idx',
      country: 'profiles_search_gc_idx',
      other: 'profiles_search_g_idx',
    };
    const cases = [
      ...combinations.map(([index, filters]) => [[index], filters, null] as const),
      [
        phases.map(({ tier }) => byTier[tier as keyof typeof byTier]),
        { gender: 'female' as const, country: null, region: null },
        near,
      ] as const,
    ];
    for (const [indexes, filters, place] of cases) {
      const list = place ? phases : whole;
      for (const after of [null, { hasPhoto: true, lastActiveDay: daysAgo(2), id: 1000 }]) {
        const query = repository.pageSql(
          { siteId: site.id, viewerProfileId: 1, ...filters, minAge: 25, maxAge: 45, now, near: place },
          list,
          after ? { tier: list[0]!.tier, after } : null,
          SEARCH_PAGE_SIZE + 1,
          { count: after ? undefined : 'matches', countLimit: 1001, withPrompts: true },
        );
        const plan = await app.db.transaction(async (tx) => {
          // A few test rows make a sequential scan cheapest; forbidding it shows which index the order can use. On a
          // table of a few pages a full scan of any index and a sort can cost less than the ordered partial index (one
          // more column tipped it); with sorting priced out, a plan without a Sort step proves the index gives the
          // order (with no index that can, the planner still sorts, and the assertions below fail).
          await tx.execute(sql`set local enable_seqscan = off`);
          await tx.execute(sql`set local enable_bitmapscan = off`);
          await tx.execute(sql`set local enable_sort = off`);
          const { rows } = (await tx.execute(sql.raw(`explain ${query.inlined}`))) as unknown as {
            rows: Record<string, string>[];
          };
          return rows.map((row) => Object.values(row)[0]).join('\n');
        });
        // The branches in phase order, each read backwards along its index (the count scans forwards, unordered).
        const read = [...plan.matchAll(/Index (?:Only )?Scan Backward using (\w+) on profiles/g)].map(
          (match) => match[1],
        );
        expect(read.length, plan).toBe(indexes.length);
        read.forEach((index, phase) =>
          expect(
            index === indexes[phase] || (list[phase]!.tier === 'other' && index === 'profiles_search_idx'),
            plan,
          ).toBe(true),
        );
        expect(plan, plan).not.toMatch(/\bSort\b/);
        if (process.env.PRINT_PLANS) console.log(plan);
      }
    }
  });

  it('reads a later phase only when the earlier ones ran out, all in one statement', async () => {
    // Near a place of its own (no other test lives in FI), two members in the region, one elsewhere in the country
    // and one abroad, all with photos: phases region, country, other, then the same without a photo.
    await insertRanked([
      { name: 'fi-region-a', country: 'FI', region: 'U', lastActiveDay: daysAgo(0), photo: true },
      { name: 'fi-region-b', country: 'FI', region: 'U', lastActiveDay: daysAgo(1), photo: true },
      { name: 'fi-country', country: 'FI', region: 'L', lastActiveDay: daysAgo(0), photo: true },
    ]);
    const repository = createSearchRepository(app.db);
    const site = await app.sites.resolve('');
    const near = { country: 'FI', region: 'U' };
    const criteria = {
      siteId: site.id,
      viewerProfileId: null,
      gender: null,
      country: null,
      region: null,
      minAge: site.minAge,
      maxAge: 99,
      now: new Date(),
      near,
    };
    const phases = relevancePhases(near);
    /** How many of the statement's phases PostgreSQL ran for a page of `limit`. */
    const phasesRun = async (limit: number) => {
      const { inlined } = repository.pageSql(criteria, phases, null, limit, { count: 'matches', countLimit: 1001 });
      const { rows } = (await app.db.execute(sql.raw(`explain (analyze, timing off) ${inlined}`))) as unknown as {
        rows: Record<string, string>[];
      };
      const lines = rows.map((row) => Object.values(row)[0]!);
      // Each phase is a branch right under the Append: its Limit, or the scan of its row (the count's own Limit sits in
      // its InitPlan, above it).
      const append = lines.findIndex((line) => /->\s+Append\b/.test(line) && !/InitPlan/.test(line));
      const depth = (line: string) => line.search(/\S/);
      const branches = lines
        .slice(append + 1)
        .filter((line) => /->\s+(Limit|Subquery Scan)\b/.test(line) && depth(line) === depth(lines[append]!) + 6);
      expect(branches, lines.join('\n')).toHaveLength(phases.length);
      return branches.filter((line) => !line.includes('never executed')).length;
    };
    expect(await phasesRun(2)).toBe(1);
    expect(await phasesRun(3)).toBe(2);
    // The count and every row still come from the one statement.
    const page = await repository.readPage(criteria, phases, null, 3, { count: 'matches', countLimit: 1001 });
    expect(page.rows.map(({ row, phase }) => [row.name, phase.tier])).toEqual([
      ['fi-region-a', 'region'],
      ['fi-region-b', 'region'],
      ['fi-country', 'country'],
    ]);
    expect(page.matches).toBeGreaterThanOrEqual(3);
    expect(page.hidden).toBe(0);
  });
});
