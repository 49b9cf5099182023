import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  blocksResponseSchema,
  likesResponseSchema,
  matchFinderResponseSchema,
  memberResponseSchema,
  searchResponseSchema,
  swipeResponseSchema,
} from '@app/contracts';
import { matches } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createMember, uploadPhoto, visitor, type TestMember } from '../../test-support/members.ts';

describe('blocking', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const block = (member: TestMember, id: number) =>
    member.client.request({ method: 'POST', url: '/api/block.php', payload: { id } });
  const unblock = (member: TestMember, id: number) =>
    member.client.request({ method: 'DELETE', url: '/api/block.php', payload: { id } });
  const like = (member: TestMember, id: number) =>
    member.client.request({ method: 'POST', url: '/api/like.php', payload: { id } });

  /** A woman and a man who suit each other (suggestions), each with a photo (swipe game). */
  async function pair(country = 'NO') {
    const blocker = await createMember(app, {
      gender: 'female',
      sexuality: 'hetero',
      country,
      name: `Blocker${Math.random().toString(36).slice(2, 7)}`,
    });
    const blocked = await createMember(app, { gender: 'male', sexuality: 'hetero', country });
    await Promise.all([uploadPhoto(blocker.client), uploadPhoto(blocked.client)]);
    return { blocker, blocked };
  }

  it('removes likes and the match between the two, and lists the blocked member', async () => {
    const { blocker, blocked } = await pair();
    await like(blocker, blocked.profileId);
    await like(blocked, blocker.profileId);
    expect(await app.db.$count(matches)).toBeGreaterThan(0);
    const response = await block(blocker, blocked.profileId);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ is_blocked: true });
    expect(likesResponseSchema.parse((await blocker.client.request({ url: '/api/likes.php' })).json())).toEqual({
      profiles: [],
      liked_by: [],
    });
    expect(likesResponseSchema.parse((await blocked.client.request({ url: '/api/likes.php' })).json())).toEqual({
      profiles: [],
      liked_by: [],
    });
    const list = blocksResponseSchema.parse((await blocker.client.request({ url: '/api/blocks.php' })).json());
    expect(list.profiles.map((profile) => profile.id)).toEqual([blocked.profileId]);
  });

  it('keeps the blocked member off the blocker\'s profile with "You\'re blocked by {name}"', async () => {
    const { blocker, blocked } = await pair();
    await block(blocker, blocked.profileId);
    const response = await blocked.client.request({ url: `/api/member.php?id=${blocker.profileId}` });
    expect(response.statusCode).toBe(403);
    expect(response.json().error).toMatchObject({
      code: 'blocked_by',
      params: { name: blocker.name },
      message: `You're blocked by ${blocker.name}`,
    });
    // The blocker can still open the blocked member's profile (to unblock).
    const own = memberResponseSchema.parse(
      (await blocker.client.request({ url: `/api/member.php?id=${blocked.profileId}` })).json(),
    );
    expect(own.member.relation).toMatchObject({ is_blocked: true });
    // Visitors are not affected.
    expect((await visitor(app).request({ url: `/api/member.php?id=${blocker.profileId}` })).statusCode).toBe(200);
  });

  it('refuses likes, swipes and the pair overview either way', async () => {
    const { blocker, blocked } = await pair();
    await block(blocker, blocked.profileId);
    const likeBlocker = await like(blocked, blocker.profileId);
    expect(likeBlocker.statusCode).toBe(403);
    expect(likeBlocker.json().error).toMatchObject({ code: 'blocked_by', params: { name: blocker.name } });
    const likeBlocked = await like(blocker, blocked.profileId);
    expect(likeBlocked.statusCode).toBe(403);
    expect(likeBlocked.json().error.code).toBe('member_blocked');
    const swipe = await blocked.client.request({
      method: 'POST',
      url: '/api/swipe.php',
      payload: { id: blocker.profileId, action: 'like' },
    });
    expect(swipe.statusCode).toBe(403);
    expect(swipe.json().error.code).toBe('blocked_by');
    const pairView = await blocked.client.request({ url: `/api/likes-member.php?id=${blocker.profileId}` });
    expect(pairView.statusCode).toBe(403);
  });

  it('hides each from the other in search, the match finder, signup matches, the swipe game and auto-like', async () => {
    const { blocker, blocked } = await pair('IE');
    const searchIds = async (member: TestMember) =>
      searchResponseSchema
        .parse((await member.client.request({ url: '/api/search.php?country=IE' })).json())
        .results.map((profile) => profile.id);
    const finderIds = async (member: TestMember) =>
      matchFinderResponseSchema
        .parse((await member.client.request({ url: '/api/match-finder.php' })).json())
        .profiles.map((profile) => profile.id);
    const swipeIds = async (member: TestMember) =>
      swipeResponseSchema
        .parse((await member.client.request({ url: '/api/swipe.php' })).json())
        .profiles.map((profile) => profile.id);
    const signupIds = async (member: TestMember) =>
      (await member.client.request({ url: '/api/signup-matches.php' }))
        .json()
        .profiles.map((profile: { id: number }) => profile.id);

    expect(await searchIds(blocked)).toContain(blocker.profileId);
    expect(await finderIds(blocked)).toContain(blocker.profileId);
    expect(await swipeIds(blocker)).toContain(blocked.profileId);
    await like(blocked, blocker.profileId);
    expect((await blocker.client.request({ url: '/api/auto-like.php' })).json().id).toBe(blocked.profileId);

    await block(blocker, blocked.profileId);
    for (const [viewer, other] of [
      [blocker, blocked],
      [blocked, blocker],
    ] as const) {
      expect(await searchIds(viewer)).not.toContain(other.profileId);
      expect(await finderIds(viewer)).not.toContain(other.profileId);
      expect(await swipeIds(viewer)).not.toContain(other.profileId);
      expect(await signupIds(viewer)).not.toContain(other.profileId);
      const auto = await viewer.client.request({ url: '/api/auto-like.php' });
      if (auto.statusCode === 200) expect(auto.json().id).not.toBe(other.profileId);
    }
  });

  it('unblocking gives access back', async () => {
    const { blocker, blocked } = await pair();
    await block(blocker, blocked.profileId);
    expect((await unblock(blocker, blocked.profileId)).json()).toEqual({ is_blocked: false });
    expect((await blocked.client.request({ url: `/api/member.php?id=${blocker.profileId}` })).statusCode).toBe(200);
    expect((await like(blocked, blocker.profileId)).statusCode).toBe(200);
  });

  it('refuses blocking oneself, unknown members and visitors', async () => {
    const member = await createMember(app);
    expect((await block(member, member.profileId)).json().error.code).toBe('cannot_block_self');
    expect((await block(member, 999_999)).statusCode).toBe(404);
    const anonymous = await visitor(app).request({
      method: 'POST',
      url: '/api/block.php',
      payload: { id: member.profileId },
    });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().authentication_required).toBe(true);
  });
});
