import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likesResponseSchema, searchResponseSchema, swipeResponseSchema } from '@app/contracts';
import { photos, profiles } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createClient, login } from '../../test-support/accounts.ts';
import { createMember } from '../../test-support/members.ts';
import { regionsOf } from '../../lib/regions.ts';
import { DEMO_MEMBER_PASSWORD, completeDemoProfile, seedDemoMembers } from './demo-members.ts';

describe('demo members', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('creates varied members with rendered photos and likes for the demo user, in one go', async () => {
    const demo = await createMember(app, { country: 'NL' });
    await completeDemoProfile(app.db, demo.profileId);
    const site = await app.sites.resolve('');
    const started = Date.now();
    const result = await seedDemoMembers({
      db: app.db,
      storage: app.storage,
      siteId: site.id,
      now: new Date(),
      count: 80,
      demoProfileId: demo.profileId,
    });
    expect(Date.now() - started).toBeLessThan(20_000);
    expect(result).toMatchObject({ members: 80, likesOfDemoUser: 25, matchesOfDemoUser: 6 });

    const rows = await app.db.select().from(profiles);
    const seeded = rows.filter((row) => row.id !== demo.profileId);
    expect(new Set(seeded.map((row) => row.gender))).toEqual(new Set(['male', 'female']));
    expect(new Set(seeded.map((row) => row.country)).size).toBeGreaterThan(10);
    expect(new Set(seeded.map((row) => row.sexuality)).size).toBeGreaterThanOrEqual(3);
    expect(seeded.some((row) => row.isFictional && row.userId === null)).toBe(true);
    // City, region and country agree: a city lies in the member's region, and every region is one of the country's.
    const regionOfCity: Record<string, string> = {
      Amsterdam: 'NH',
      Rotterdam: 'ZH',
      Utrecht: 'UT',
      Groningen: 'GR',
      Bern: 'BE',
      Wien: '9',
      Gent: 'VOV',
      Toronto: 'ON',
      Auckland: 'AUK',
      Warszawa: '14',
    };
    const withCity = seeded.filter((row) => row.city);
    expect(withCity.length).toBeGreaterThan(20);
    for (const row of seeded) {
      if (row.region)
        expect(
          regionsOf(row.country!).map((region) => region.code),
          `${row.country} ${row.region}`,
        ).toContain(row.region);
      if (row.city) expect(row.region, `${row.city} needs its region`).not.toBeNull();
      if (row.city && regionOfCity[row.city])
        expect(row.region, `${row.city}, ${row.country}`).toBe(regionOfCity[row.city]);
    }
    expect(await app.db.$count(photos)).toBe(result.photos);
    // Search relevance: has_photo follows the main photos, activity days are spread out.
    const mainPhotoOwners = new Set(
      (await app.db.select({ profileId: photos.profileId }).from(photos).where(eq(photos.isMain, true))).map(
        (row) => row.profileId,
      ),
    );
    for (const row of seeded) expect(row.hasPhoto, `profile ${row.id}`).toBe(mainPhotoOwners.has(row.id));
    expect(seeded.some((row) => !row.hasPhoto)).toBe(true);
    expect(new Set(seeded.map((row) => row.lastActiveDay)).size).toBeGreaterThan(20);
    const [photo] = await app.db.select().from(photos).where(eq(photos.isMain, true)).limit(1);
    const served = await app.inject({ url: `/uploads/${photo!.thumbKey}` });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');

    const overview = likesResponseSchema.parse((await demo.client.request({ url: '/api/likes.php' })).json());
    expect(overview.liked_by.length).toBeGreaterThan(0);
    expect(overview.liked_by.some((entry) => entry.like_new)).toBe(true);
    const found = searchResponseSchema.parse((await createClient(app).request({ url: '/api/search.php' })).json());
    expect(found.results.length).toBe(20);
    expect(found.results.some((card) => card.main_image)).toBe(true);
    expect(
      swipeResponseSchema.parse((await demo.client.request({ url: '/api/swipe.php' })).json()).profiles.length,
    ).toBeGreaterThan(0);

    // A demo member with an account can log in.
    const [withAccount] = seeded.filter((row) => row.userId !== null);
    const { users } = await import('../../db/schema/index.ts');
    const [account] = await app.db.select().from(users).where(eq(users.id, withAccount!.userId!));
    expect((await login(createClient(app), account!.email, DEMO_MEMBER_PASSWORD)).statusCode).toBe(200);
  });
});
