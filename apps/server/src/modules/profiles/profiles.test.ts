import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberResponseSchema, ownProfileResponseSchema, uploadPhotoResponseSchema } from '@app/contracts';
import { likes, profiles, sites, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  birthDateForAge,
  createMember,
  makePremium,
  uploadPhoto,
  visitor,
  type TestMember,
} from '../../test-support/members.ts';

describe('profiles (profile.php, member.php)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  describe('own profile', () => {
    it('keeps up to three prompts of the catalogue with the answers, shown to members on the page and on cards', async () => {
      const member = await createMember(app);
      const put = (prompts: unknown) =>
        member.client.request({ method: 'PUT', url: '/api/profile.php', payload: { prompts } });
      const fieldCode = async (prompts: unknown) => (await put(prompts)).json().error.fields[0].code as string;
      expect(await fieldCode([{ prompt: 'favourite_colour', answer: 'blue' }])).toBe('prompt_invalid');
      expect(await fieldCode([{ prompt: 'green_flag', answer: '   ' }])).toBe('prompt_answer_required');
      expect(await fieldCode([{ prompt: 'green_flag', answer: 'x'.repeat(151) }])).toBe('prompt_answer_too_long');
      expect(
        await fieldCode([
          { prompt: 'green_flag', answer: 'Kindness' },
          { prompt: 'green_flag', answer: 'Humour' },
        ]),
      ).toBe('prompts_duplicate');
      expect(
        await fieldCode(
          ['green_flag', 'first_date', 'best_trip', 'geek_out'].map((prompt) => ({ prompt, answer: 'Yes' })),
        ),
      ).toBe('prompts_max');

      const saved = await put([
        { prompt: 'first_date', answer: '  Coffee and a long walk by the canals  ' },
        { prompt: 'green_flag', answer: 'Kindness to waiters' },
      ]);
      expect(saved.statusCode).toBe(200);
      const { profile } = ownProfileResponseSchema.parse(saved.json());
      expect(profile.prompts).toEqual([
        { prompt: 'first_date', answer: 'Coffee and a long walk by the canals' },
        { prompt: 'green_flag', answer: 'Kindness to waiters' },
      ]);
      expect(profile.is_verified).toBe(false);

      const viewer = await createMember(app);
      const page = memberResponseSchema.parse(
        (await viewer.client.request({ url: `/api/member.php?id=${member.profileId}` })).json(),
      );
      expect(page.member.prompts).toEqual(profile.prompts);
      // Visitors log in for the prompts, like for the interests.
      const visitorPage = (await visitor(app).request({ url: `/api/member.php?id=${member.profileId}` })).json();
      expect(visitorPage.member.prompts).toBeUndefined();
      // The first prompt on the member's search card.
      const search = (await viewer.client.request({ url: '/api/search.php?limit=50' })).json();
      const card = search.results.find((entry: { id: number }) => entry.id === member.profileId);
      expect(card.prompt).toEqual(profile.prompts[0]);

      // An empty list removes them.
      expect(ownProfileResponseSchema.parse((await put([])).json()).profile.prompts).toEqual([]);
    });

    it('answers every field of SPEC section 3, photos included', async () => {
      const member = await createMember(app, { dateOfBirth: birthDateForAge(34), city: 'Utrecht', region: 'UT' });
      const response = await member.client.request({ url: '/api/profile.php' });
      expect(response.statusCode).toBe(200);
      const { profile } = ownProfileResponseSchema.parse(response.json());
      expect(profile).toMatchObject({
        id: member.profileId,
        name: member.name,
        status: 'active',
        age: 34,
        gender: 'female',
        sexuality: 'hetero',
        country: 'NL',
        region: 'UT',
        city: 'Utrecht',
        relationship_status: null,
        interests: [],
        is_fictional: false,
        is_invisible: false,
        main_image: null,
        photos: [],
        photo_limit: 3,
      });
    });

    it('saves the fields sent and leaves the others alone', async () => {
      const member = await createMember(app, { city: 'Utrecht' });
      const response = await member.client.request({
        method: 'PUT',
        url: '/api/profile.php',
        payload: {
          gender: 'male',
          sexuality: 'gay',
          country: 'BE',
          region: 'VOV',
          relationship_status: 'living_together',
          body_type: 'slim',
          hair_color: 'blonde',
          eye_color: 'green',
          tattoos: 'some',
          signup_reason: 'relationship',
          interests: ['hiking', 'wine', 'hiking', 'bdsm'],
          about_me: '  I like long walks.  ',
          is_invisible: true,
          date_of_birth: birthDateForAge(40),
        },
      });
      expect(response.statusCode).toBe(200);
      const { profile } = ownProfileResponseSchema.parse(response.json());
      expect(profile).toMatchObject({
        gender: 'male',
        sexuality: 'gay',
        country: 'BE',
        region: 'VOV',
        city: 'Utrecht',
        relationship_status: 'living_together',
        body_type: 'slim',
        hair_color: 'blonde',
        eye_color: 'green',
        tattoos: 'some',
        signup_reason: 'relationship',
        interests: ['hiking', 'wine', 'bdsm'],
        about_me: 'I like long walks.',
        is_invisible: true,
        age: 40,
      });
      const cleared = await member.client.request({
        method: 'PUT',
        url: '/api/profile.php',
        payload: { city: '', about_me: null, body_type: null },
      });
      expect(cleared.json().profile).toMatchObject({
        city: null,
        about_me: null,
        body_type: null,
        hair_color: 'blonde',
      });
    });

    it('validates with the shared schemas, translated field by field', async () => {
      const member = await createMember(app);
      const response = await member.client.request({
        method: 'PUT',
        url: '/api/profile.php',
        payload: { gender: 'robot', body_type: 'round', interests: Array(21).fill('wine'), about_me: 'x'.repeat(2001) },
      });
      expect(response.statusCode).toBe(400);
      const fields = response.json().error.fields;
      expect(fields).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ path: 'gender', code: 'gender_invalid', message: 'Choose a gender' }),
          expect.objectContaining({ path: 'body_type', code: 'body_type_invalid', message: 'Choose a body type' }),
          expect.objectContaining({
            path: 'interests',
            code: 'interests_max',
            message: 'You can choose up to 20 interests',
          }),
          expect.objectContaining({ path: 'about_me', code: 'about_me_too_long' }),
        ]),
      );
    });

    it('checks the site rules: countries, regions of that country, offered interests, age, name', async () => {
      const member = await createMember(app);
      await app.db.update(sites).set({ interests: ['wine', 'hiking'] });
      app.sites.invalidate();
      try {
        const response = await member.client.request({
          method: 'PUT',
          url: '/api/profile.php',
          payload: {
            country: 'JP',
            interests: ['bdsm'],
            date_of_birth: birthDateForAge(17),
            name: member.email.toUpperCase(),
          },
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().error.fields).toEqual(
          expect.arrayContaining([
            expect.objectContaining({ path: 'country', code: 'country_invalid' }),
            expect.objectContaining({ path: 'interests', code: 'interests_invalid' }),
            expect.objectContaining({
              path: 'date_of_birth',
              code: 'date_of_birth_min_age',
              message: 'Enter your date of birth (18+)',
            }),
            expect.objectContaining({ path: 'name', code: 'username_equals_email' }),
          ]),
        );
        const region = await member.client.request({
          method: 'PUT',
          url: '/api/profile.php',
          payload: { region: 'BAY' },
        });
        expect(region.json().error.fields).toEqual([
          expect.objectContaining({ path: 'region', code: 'region_invalid' }),
        ]);
        // Moving to another country drops a region that does not exist there.
        await member.client.request({ method: 'PUT', url: '/api/profile.php', payload: { region: 'UT' } });
        const moved = await member.client.request({
          method: 'PUT',
          url: '/api/profile.php',
          payload: { country: 'DE' },
        });
        expect(moved.json().profile).toMatchObject({ country: 'DE', region: null });
      } finally {
        await app.db.update(sites).set({ interests: (await import('@app/contracts')).INTEREST_KEYS });
        app.sites.invalidate();
      }
    });

    it('is for members only', async () => {
      const response = await visitor(app).request({ url: '/api/profile.php' });
      expect(response.statusCode).toBe(403);
      expect(response.json().authentication_required).toBe(true);
      const put = await visitor(app).request({ method: 'PUT', url: '/api/profile.php', payload: { city: 'x' } });
      expect(put.statusCode).toBe(403);
    });
  });

  describe("another member's profile", () => {
    let owner: TestMember;
    let photoIds: number[];

    beforeAll(async () => {
      owner = await createMember(app, { aboutMe: 'Hello there', bodyType: 'slim', interests: ['wine'], city: 'Gouda' });
      await makePremium(app, owner);
      photoIds = [];
      for (let index = 0; index < 5; index++) {
        const response = await uploadPhoto(owner.client, undefined, { isPrivate: index === 4 });
        photoIds.push(uploadPhotoResponseSchema.parse(response.json()).photo.id);
      }
    });

    const view = async (client: TestMember['client'], id = owner.profileId) =>
      client.request({ url: `/api/member.php?id=${id}` });

    it('shows a visitor the basics and the main photo only (login_required_photos)', async () => {
      const response = await view(visitor(app));
      expect(response.statusCode).toBe(200);
      const { member } = memberResponseSchema.parse(response.json());
      expect(member).toMatchObject({
        id: owner.profileId,
        name: owner.name,
        is_limited: true,
        relation: null,
        about_me: 'Hello there',
        city: 'Gouda',
      });
      expect(member.body_type).toBeUndefined();
      expect(member.interests).toBeUndefined();
      expect(member.photos.map((photo) => photo.id)).toEqual([photoIds[0]]);
      expect(member).toMatchObject({ hidden_photo_count: 4, photos_locked: 'login_required_photos' });
    });

    it('shows a free member every field, the main photo and two more public ones (premium_required_photos)', async () => {
      const viewer = await createMember(app);
      const { member } = memberResponseSchema.parse((await view(viewer.client)).json());
      expect(member).toMatchObject({ is_limited: false, body_type: 'slim', interests: ['wine'], is_self: false });
      expect(member.relation).toEqual({ is_liked: false, is_liked_by: false, is_match: false, is_blocked: false });
      expect(member.photos.map((photo) => photo.id)).toEqual(photoIds.slice(0, 3));
      expect(member).toMatchObject({ hidden_photo_count: 2, photos_locked: 'premium_required_photos' });
    });

    it('shows a premium member every photo, private ones included', async () => {
      const viewer = await createMember(app);
      await makePremium(app, viewer);
      const { member } = memberResponseSchema.parse((await view(viewer.client)).json());
      expect(member.photos.map((photo) => photo.id)).toEqual(photoIds);
      expect(member.photos.at(-1)?.is_private).toBe(true);
      expect(member).toMatchObject({ hidden_photo_count: 0, photos_locked: null });
    });

    it('shows the member their own profile whole, even before activation', async () => {
      const { member } = memberResponseSchema.parse((await view(owner.client)).json());
      expect(member).toMatchObject({ is_self: true, relation: null, hidden_photo_count: 0 });
      expect(member.photos).toHaveLength(5);
      const newcomer = await createMember(app, { isActive: false });
      expect((await view(newcomer.client, newcomer.profileId)).statusCode).toBe(200);
    });

    it("honours the site's visible_profile_fields", async () => {
      const viewer = await createMember(app);
      await app.db.update(sites).set({ visibleProfileFields: ['age', 'country'] });
      app.sites.invalidate();
      try {
        const { member } = memberResponseSchema.parse((await view(viewer.client)).json());
        expect(
          Object.keys(member)
            .filter((key) => ['age', 'country', 'city', 'about_me', 'body_type', 'gender'].includes(key))
            .sort(),
        ).toEqual(['age', 'country']);
      } finally {
        await app.db
          .update(sites)
          .set({ visibleProfileFields: (await import('@app/contracts')).PROFILE_FIELDS as unknown as string[] });
        app.sites.invalidate();
      }
    });

    it('shows the fictional flag', async () => {
      const viewer = await createMember(app);
      const fictional = await createMember(app);
      await app.db.update(profiles).set({ isFictional: true }).where(eq(profiles.id, fictional.profileId));
      const { member } = memberResponseSchema.parse((await view(viewer.client, fictional.profileId)).json());
      expect(member.is_fictional).toBe(true);
    });

    it("clears like_new of that member's like when the liked member opens the profile", async () => {
      const viewer = await createMember(app);
      await owner.client.request({ method: 'POST', url: '/api/like.php', payload: { id: viewer.profileId } });
      const before = (await viewer.client.request({ url: '/api/likes.php' })).json();
      expect(before.liked_by).toEqual([{ id: owner.profileId, like_new: true }]);
      const { member } = memberResponseSchema.parse((await view(viewer.client)).json());
      expect(member.relation?.is_liked_by).toBe(true);
      const after = (await viewer.client.request({ url: '/api/likes.php' })).json();
      expect(after.liked_by).toEqual([{ id: owner.profileId, like_new: false }]);
      const [row] = await app.db.select().from(likes).where(eq(likes.targetProfileId, viewer.profileId));
      expect(row?.isNew).toBe(false);
    });

    it('is not found when missing, not activated, pending deletion or on another site', async () => {
      const viewer = await createMember(app);
      expect((await view(viewer.client, 999_999)).statusCode).toBe(404);
      const unconfirmed = await createMember(app, { isActive: false });
      const notActivated = await view(viewer.client, unconfirmed.profileId);
      expect(notActivated.statusCode).toBe(404);
      expect(notActivated.json().error.code).toBe('profile_not_found');
      const leaving = await createMember(app);
      await app.db
        .update(users)
        .set({ status: 'deleted_pending', deletedAt: new Date() })
        .where(eq(users.id, leaving.user.id));
      expect((await view(viewer.client, leaving.profileId)).statusCode).toBe(404);
      const elsewhere = await visitor(app).request({
        url: `/api/member.php?id=${owner.profileId}`,
        headers: { host: 'other.example' },
      });
      expect(elsewhere.statusCode).toBe(200); // unknown hosts are the default site
    });

    it('stays reachable by link in invisible mode', async () => {
      const viewer = await createMember(app);
      const hidden = await createMember(app, { isInvisible: true });
      expect((await view(viewer.client, hidden.profileId)).statusCode).toBe(200);
    });
  });
});
