import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SWIPE_LIKES_PER_DAY, swipeActionResponseSchema, swipeResponseSchema } from '@app/contracts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { advanceClock } from '../../test-support/accounts.ts';
import { createMember, uploadPhoto, visitor, type TestMember } from '../../test-support/members.ts';

describe('swipe game (swipe.php)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const swipe = (member: TestMember, id: number, action: 'like' | 'skip') =>
    member.client.request({ method: 'POST', url: '/api/swipe.php', payload: { id, action } });
  const candidates = async (member: TestMember) =>
    swipeResponseSchema.parse((await member.client.request({ url: '/api/swipe.php' })).json());

  /** A man in `country` and `count` women with photos who suit him. */
  async function player(country: string, count: number) {
    const me = await createMember(app, { gender: 'male', sexuality: 'hetero', country });
    const women: TestMember[] = [];
    for (let index = 0; index < count; index++) {
      const woman = await createMember(app, { gender: 'female', sexuality: index % 2 ? 'bi' : 'hetero', country });
      await uploadPhoto(woman.client);
      women.push(woman);
    }
    return { me, women };
  }

  it('offers suitable members with a photo, never the same one twice', async () => {
    const { me, women } = await player('CH', 3);
    const noPhoto = await createMember(app, { gender: 'female', country: 'CH' });
    const lesbian = await createMember(app, { gender: 'female', sexuality: 'lesbian', country: 'CH' });
    await uploadPhoto(lesbian.client);
    const first = await candidates(me);
    expect(first.profiles.map((profile) => profile.id)).toEqual(women.map((woman) => woman.profileId).reverse());
    expect(first.profiles.map((profile) => profile.id)).not.toContain(noPhoto.profileId);
    expect(first.likes_left).toBe(SWIPE_LIKES_PER_DAY);
    expect(first.resets_at).toMatch(/T00:00:00\.000Z$/);

    // The liked member's likes.php poll finds the like (its version is kept in memory until a like announces itself).
    const likesTag = (await women[1]!.client.request({ url: '/api/likes.php' })).headers.etag as string;
    const pollOfLiked = () =>
      women[1]!.client.request({ url: '/api/likes.php', headers: { 'if-none-match': likesTag } });
    expect((await pollOfLiked()).statusCode).toBe(304);
    expect(swipeActionResponseSchema.parse((await swipe(me, women[0]!.profileId, 'skip')).json())).toMatchObject({
      likes_left: 4,
      is_match: false,
    });
    expect((await swipe(me, women[1]!.profileId, 'like')).json()).toMatchObject({ likes_left: 3 });
    expect((await pollOfLiked()).statusCode).toBe(200);
    expect((await candidates(me)).profiles.map((profile) => profile.id)).toEqual([women[2]!.profileId]);
  });

  it(`allows ${SWIPE_LIKES_PER_DAY} likes per UTC day, then answers swipe_limit_reached with the start of the next day`, async () => {
    const { me, women } = await player('FR', 6);
    for (let index = 0; index < SWIPE_LIKES_PER_DAY; index++) {
      const response = await swipe(me, women[index]!.profileId, 'like');
      expect(response.statusCode).toBe(200);
      expect(response.json().likes_left).toBe(SWIPE_LIKES_PER_DAY - index - 1);
    }
    const refused = await swipe(me, women[4]!.profileId, 'like');
    expect(refused.statusCode).toBe(429);
    const nextDay = new Date(app.clock.now());
    nextDay.setUTCHours(24, 0, 0, 0);
    expect(refused.json().error).toMatchObject({
      code: 'swipe_limit_reached',
      params: { resets_at: nextDay.toISOString() },
    });
    expect(refused.json().error.message).toContain('likes for today');
    // Skipping still works; the refused like left nothing behind.
    expect((await swipe(me, women[4]!.profileId, 'skip')).statusCode).toBe(200);
    const state = await candidates(me);
    expect(state.likes_left).toBe(0);
    // The last compatriot left first; suitable members abroad follow.
    expect(state.profiles[0]?.id).toBe(women[5]!.profileId);
    for (const swiped of women.slice(0, 5))
      expect(state.profiles.map((profile) => profile.id)).not.toContain(swiped.profileId);

    const now = app.clock.now;
    advanceClock(app, nextDay.getTime() - now().getTime() + 1000);
    try {
      const tomorrow = await swipe(me, women[5]!.profileId, 'like');
      expect(tomorrow.statusCode).toBe(200);
      expect(tomorrow.json().likes_left).toBe(SWIPE_LIKES_PER_DAY - 1);
    } finally {
      app.clock.now = now;
    }
  });

  it('holds the daily limit when likes race', async () => {
    const { me, women } = await player('ES', 7);
    const responses = await Promise.all(women.map((woman) => swipe(me, woman.profileId, 'like')));
    expect(responses.filter((response) => response.statusCode === 200)).toHaveLength(SWIPE_LIKES_PER_DAY);
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(
      women.length - SWIPE_LIKES_PER_DAY,
    );
    const liked = (await me.client.request({ url: '/api/likes.php' })).json().profiles;
    expect(liked).toHaveLength(SWIPE_LIKES_PER_DAY);
  });

  it('a swipe like is a like: a mutual one is a match', async () => {
    const { me, women } = await player('BE', 1);
    await women[0]!.client.request({ method: 'POST', url: '/api/like.php', payload: { id: me.profileId } });
    expect((await swipe(me, women[0]!.profileId, 'like')).json()).toMatchObject({ is_match: true, is_new_match: true });
  });

  it('is for members only', async () => {
    expect((await visitor(app).request({ url: '/api/swipe.php' })).statusCode).toBe(403);
    const member = await createMember(app);
    const self = await swipe(member, member.profileId, 'like');
    expect(self.json().error.code).toBe('cannot_like_self');
  });
});
