import { and, eq, or } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  autoLikeResponseSchema,
  likeResponseSchema,
  likesListResponseSchema,
  likesMemberResponseSchema,
  likesResponseSchema,
  type LikeListType,
} from '@app/contracts';
import { likes, matches, profiles, users } from '../../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { createClient } from '../../test-support/accounts.ts';
import {
  createMember,
  insertProfiles,
  makePremium,
  uploadPhoto,
  visitor,
  type TestMember,
} from '../../test-support/members.ts';
import { postLedgerEntry } from '../credits/index.ts';

describe('likes and matches', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const like = (member: TestMember, id: number) =>
    member.client.request({ method: 'POST', url: '/api/like.php', payload: { id } });
  const unlike = (member: TestMember, id: number) =>
    member.client.request({ method: 'DELETE', url: '/api/like.php', payload: { id } });
  const overview = async (member: TestMember) =>
    likesResponseSchema.parse((await member.client.request({ url: '/api/likes.php' })).json());
  /** A premium member with credits writes to another. */
  const write = async (from: TestMember, to: TestMember, text: string) => {
    await makePremium(app, from);
    await postLedgerEntry(app.db, { userId: from.user.id, amount: 100, reason: 'bonus', idempotencyKey: randomUUID() });
    return from.client.request({
      method: 'POST',
      url: '/api/message.php',
      payload: { to: to.profileId, client_id: randomUUID(), text },
    });
  };
  const matchRows = (a: number, b: number) =>
    app.db
      .select()
      .from(matches)
      .where(
        or(
          and(eq(matches.lowProfileId, a), eq(matches.highProfileId, b)),
          and(eq(matches.lowProfileId, b), eq(matches.highProfileId, a)),
        ),
      );

  it('answers a likes.php poll that finds nothing new with 304 and no body, and anything new in full', async () => {
    const [anna, bert, carl] = await Promise.all([createMember(app), createMember(app), createMember(app)]);
    // The middle of a refresh window, so the window cannot end during the test by chance.
    const windowMs = 5 * 60 * 1000;
    const middle = Math.floor(Date.now() / windowMs) * windowMs + windowMs / 2;
    const clock = vi.spyOn(app.clock, 'now').mockReturnValue(new Date(middle));
    const poll = async (etag?: string) => {
      const response = await anna.client.request({
        url: '/api/likes.php',
        headers: etag ? { 'if-none-match': etag } : {},
      });
      return {
        status: response.statusCode,
        etag: String(response.headers.etag ?? ''),
        body: response.body,
        cacheControl: response.headers['cache-control'],
        contentLength: response.headers['content-length'],
      };
    };
    const first = await poll();
    expect(first.status).toBe(200);
    expect(first.cacheControl).toBe('private, no-cache');
    expect(first.etag).toMatch(/^W\/"/);
    const again = await poll(first.etag);
    expect(again).toMatchObject({ status: 304, body: '', etag: first.etag });
    // No Content-Length that promises a body (clients would wait for it).
    expect(again.contentLength ?? '0').toBe('0');

    // Each of these changes the answer, so each makes a new tag.
    const changes: [string, () => Promise<unknown>][] = [
      ['a like given', () => like(anna, bert.profileId)],
      ['a like received', () => like(carl, anna.profileId)],
      ['a like seen', () => anna.client.request({ url: `/api/likes-member.php?id=${carl.profileId}` })],
      ['a like taken back', () => unlike(anna, bert.profileId)],
      [
        'a block',
        () => anna.client.request({ method: 'POST', url: '/api/block.php', payload: { id: bert.profileId } }),
      ],
      [
        'a block received',
        () => carl.client.request({ method: 'POST', url: '/api/block.php', payload: { id: anna.profileId } }),
      ],
    ];
    let etag = first.etag;
    for (const [change, act] of changes) {
      await act();
      const polled = await poll(etag);
      expect(polled.status, change).toBe(200);
      expect(polled.etag, change).not.toBe(etag);
      etag = polled.etag;
      expect((await poll(etag)).status, change).toBe(304);
    }

    // Another member's tag never fits: the browser of a new login gets that member's answer.
    expect((await bert.client.request({ url: '/api/likes.php', headers: { 'if-none-match': etag } })).statusCode).toBe(
      200,
    );
    // The cards show more than the likes version (online state, photos): the next window answers in full.
    clock.mockReturnValue(new Date(middle + windowMs));
    expect((await poll(etag)).status).toBe(200);
    clock.mockRestore();
  });

  it('likes, lists in likes.php (liked_by new first) and unlikes', async () => {
    const [anna, bert, carl] = await Promise.all([createMember(app), createMember(app), createMember(app)]);
    const response = await like(anna, bert.profileId);
    expect(response.statusCode).toBe(200);
    expect(likeResponseSchema.parse(response.json())).toEqual({ is_liked: true, is_match: false, is_new_match: false });
    expect((await like(anna, bert.profileId)).json()).toEqual({ is_liked: true, is_match: false, is_new_match: false });

    expect((await overview(anna)).profiles.map((profile) => profile.id)).toEqual([bert.profileId]);
    await like(carl, bert.profileId);
    // Bert opens Anna's profile: her like is no longer new, Carl's is, and new likes come first.
    await bert.client.request({ url: `/api/member.php?id=${anna.profileId}` });
    expect((await overview(bert)).liked_by).toEqual([
      { id: carl.profileId, like_new: true },
      { id: anna.profileId, like_new: false },
    ]);

    expect((await unlike(anna, bert.profileId)).json()).toEqual({
      is_liked: false,
      is_match: false,
      is_new_match: false,
    });
    expect((await overview(anna)).profiles).toEqual([]);
    expect((await overview(bert)).liked_by.map((entry) => entry.id)).toEqual([carl.profileId]);
  });

  it('shows in likes.php, newest like first, the same cards as the paged liked list', async () => {
    // likes.php reads its cards as one JSON value (cardJsonOf), the paged list row by row (cardColumns): every field
    // of a card must come out the same both ways.
    const me = await createMember(app);
    const withPhoto = await createMember(app, { city: 'Utrecht', region: 'UT', country: 'NL' });
    expect((await uploadPhoto(withPhoto.client)).statusCode).toBe(201);
    const verified = await createMember(app, { verifiedAt: new Date(), gender: 'male' });
    const invisible = await createMember(app, { isInvisible: true, dateOfBirth: null });
    const others = [withPhoto, verified, invisible];
    for (const other of others) {
      await app.db
        .update(profiles)
        .set({ lastActiveDay: new Date().toISOString().slice(0, 10) })
        .where(eq(profiles.id, other.profileId));
      expect((await like(me, other.profileId)).statusCode).toBe(200);
      expect((await like(other, me.profileId)).statusCode).toBe(200);
    }
    await me.client.request({ url: `/api/member.php?id=${verified.profileId}` });

    const { profiles: cards, liked_by: likedBy } = await overview(me);
    const page = likesListResponseSchema.parse(
      (await me.client.request({ url: '/api/likes-list.php?type=liked' })).json(),
    );
    expect(cards.map((card) => card.id)).toEqual([invisible.profileId, verified.profileId, withPhoto.profileId]);
    expect(cards).toEqual(page.profiles.map(({ like_new: _new, created_at: _at, ...card }) => card));
    expect(cards.find((card) => card.id === withPhoto.profileId)).toMatchObject({
      city: 'Utrecht',
      main_image: { status: 'active' },
      activity: 'today',
    });
    expect(cards.find((card) => card.id === verified.profileId)?.is_verified).toBe(true);
    expect(cards.find((card) => card.id === invisible.profileId)).toMatchObject({ activity: null, age: null });
    // The likers: new likes first, then newest; the verified member's like was seen when I opened the profile.
    expect(likedBy).toEqual([
      { id: invisible.profileId, like_new: true },
      { id: withPhoto.profileId, like_new: true },
      { id: verified.profileId, like_new: false },
    ]);
  });

  it('makes a match of a mutual like exactly once, and unliking ends it', async () => {
    const [anna, bert] = await Promise.all([createMember(app), createMember(app)]);
    expect((await like(anna, bert.profileId)).json()).toMatchObject({ is_match: false, is_new_match: false });
    expect((await overview(bert)).liked_by).toEqual([{ id: anna.profileId, like_new: true }]);
    expect((await like(bert, anna.profileId)).json()).toEqual({ is_liked: true, is_match: true, is_new_match: true });
    // Liked back: Anna's like is answered, no longer new.
    expect((await overview(bert)).liked_by).toEqual([{ id: anna.profileId, like_new: false }]);
    // Bert's like back is new to Anna, until the two write: a match with a conversation is no longer new.
    expect((await overview(anna)).liked_by).toEqual([{ id: bert.profileId, like_new: true }]);
    expect((await write(bert, anna, 'Hi Anna, nice to match!')).statusCode).toBe(200);
    await vi.waitFor(async () =>
      expect((await overview(anna)).liked_by).toEqual([{ id: bert.profileId, like_new: false }]),
    );
    // Two who wrote before they liked: their match is not new for either.
    const [carl, dora] = await Promise.all([createMember(app), createMember(app)]);
    expect((await write(carl, dora, 'Hello Dora')).statusCode).toBe(200);
    await like(dora, carl.profileId);
    expect((await overview(carl)).liked_by).toEqual([{ id: dora.profileId, like_new: true }]);
    expect((await like(carl, dora.profileId)).json()).toMatchObject({ is_match: true });
    expect((await overview(carl)).liked_by).toEqual([{ id: dora.profileId, like_new: false }]);
    expect((await overview(dora)).liked_by).toEqual([{ id: carl.profileId, like_new: false }]);
    expect((await like(bert, anna.profileId)).json()).toEqual({ is_liked: true, is_match: true, is_new_match: false });
    expect(await matchRows(anna.profileId, bert.profileId)).toHaveLength(1);

    await unlike(anna, bert.profileId);
    expect(await matchRows(anna.profileId, bert.profileId)).toHaveLength(0);
    expect((await like(anna, bert.profileId)).json()).toEqual({ is_liked: true, is_match: true, is_new_match: true });
    expect(await matchRows(anna.profileId, bert.profileId)).toHaveLength(1);
  });

  it('unmatches for both: both likes withdrawn, the match gone, the conversation off both lists', async () => {
    const [anna, bert] = await Promise.all([createMember(app), createMember(app)]);
    await like(anna, bert.profileId);
    await like(bert, anna.profileId);
    const sent = await anna.client.request({
      method: 'POST',
      url: '/api/message.php',
      payload: { to: bert.profileId, client_id: randomUUID(), text: 'Hi Bert' },
    });
    expect(sent.statusCode).toBe(200);
    const chatsOf = async (member: TestMember) =>
      (await member.client.request({ url: '/api/chats.php' }))
        .json()
        .chats.map((entry: { profile: { id: number } }) => entry.profile.id);
    expect(await chatsOf(bert)).toContain(anna.profileId);

    const unmatched = await bert.client.request({
      method: 'POST',
      url: '/api/unmatch.php',
      payload: { id: anna.profileId },
    });
    expect(unmatched.statusCode).toBe(200);
    expect(unmatched.json()).toEqual({ is_liked: false, is_match: false, is_new_match: false });
    expect(await matchRows(anna.profileId, bert.profileId)).toHaveLength(0);
    for (const [member, other] of [
      [anna, bert],
      [bert, anna],
    ] as const) {
      const likes = await overview(member);
      expect(likes.profiles.map((entry) => entry.id)).not.toContain(other.profileId);
      expect(likes.liked_by.map((entry) => entry.id)).not.toContain(other.profileId);
      expect(await chatsOf(member)).not.toContain(other.profileId);
    }
    // Again is fine (nothing left to end); oneself is not.
    expect(
      (await bert.client.request({ method: 'POST', url: '/api/unmatch.php', payload: { id: anna.profileId } }))
        .statusCode,
    ).toBe(200);
    expect(
      (await bert.client.request({ method: 'POST', url: '/api/unmatch.php', payload: { id: bert.profileId } }))
        .statusCode,
    ).toBe(400);
    // Writing again starts the conversation over, for both.
    await anna.client.request({
      method: 'POST',
      url: '/api/message.php',
      payload: { to: bert.profileId, client_id: randomUUID(), text: 'Sorry?' },
    });
    expect(await chatsOf(bert)).toContain(anna.profileId);
  });

  it('keeps the match moment for the member whose like did not make it, until they saw it', async () => {
    const [anna, bert, carl] = await Promise.all([createMember(app), createMember(app), createMember(app)]);
    const moments = async (member: TestMember) =>
      (await member.client.request({ url: '/api/match-moments.php' }))
        .json()
        .moments.map((moment: { profile: { id: number; name: string }; matched_at: string }) => moment.profile.id);
    await like(anna, bert.profileId);
    expect(await moments(anna)).toEqual([]);
    // Bert's like makes the match: Bert saw it in the answer, Anna (away) has it waiting.
    expect((await like(bert, anna.profileId)).json().is_new_match).toBe(true);
    expect(await moments(bert)).toEqual([]);
    expect(await moments(anna)).toEqual([bert.profileId]);
    // A second match waits too, newest first; a blocked one never shows.
    await like(anna, carl.profileId);
    await like(carl, anna.profileId);
    expect(await moments(anna)).toEqual([carl.profileId, bert.profileId]);
    await carl.client.request({ method: 'POST', url: '/api/block.php', payload: { id: anna.profileId } });
    expect(await moments(anna)).toEqual([bert.profileId]);
    // Seen once: gone, on every device; again is fine.
    for (let attempt = 0; attempt < 2; attempt++) {
      const seen = await anna.client.request({
        method: 'POST',
        url: '/api/match-moments.php',
        payload: { id: bert.profileId },
      });
      expect(seen.json()).toEqual({ seen: true });
    }
    expect(await moments(anna)).toEqual([]);
    expect((await visitor(app).request({ url: '/api/match-moments.php' })).statusCode).toBe(403);
  });

  it('makes exactly one match when both like each other at the same moment', async () => {
    for (let round = 0; round < 3; round++) {
      const [anna, bert] = await Promise.all([createMember(app), createMember(app)]);
      const responses = await Promise.all([like(anna, bert.profileId), like(bert, anna.profileId)]);
      const bodies = responses.map((response) => likeResponseSchema.parse(response.json()));
      // Whichever like comes second sees the first and makes the match; never both, never neither.
      expect(bodies.filter((body) => body.is_new_match)).toHaveLength(1);
      expect(bodies.filter((body) => body.is_match && !body.is_new_match)).toHaveLength(0);
      expect(await matchRows(anna.profileId, bert.profileId)).toHaveLength(1);
    }
  });

  it('pages liked, liked-by and matches without duplicates or gaps', async () => {
    const me = await createMember(app);
    const others = await insertProfiles(
      app,
      Array.from({ length: 30 }, (_, index) => ({ name: `fan${index}` })),
    );
    // The first 26 like me (10 of them seen), I like 20 of them back and 4 who did not like me.
    await app.db
      .insert(likes)
      .values(
        others
          .slice(0, 26)
          .map((other, index) => ({ profileId: other.id, targetProfileId: me.profileId, isNew: index >= 10 })),
      );
    for (const other of [...others.slice(0, 20), ...others.slice(26)])
      expect((await like(me, other.id)).statusCode).toBe(200);

    async function collect(type: LikeListType) {
      const seen: { id: number; like_new: boolean }[] = [];
      let cursor: string | null = null;
      let pages = 0;
      do {
        const response = await me.client.request({
          url: `/api/likes-list.php?type=${type}${cursor ? `&cursor=${cursor}` : ''}`,
        });
        expect(response.statusCode).toBe(200);
        const body = likesListResponseSchema.parse(response.json());
        seen.push(...body.profiles.map((profile) => ({ id: profile.id, like_new: profile.like_new })));
        cursor = body.next_cursor;
        pages++;
      } while (cursor);
      return { seen, pages };
    }
    const likedBy = await collect('liked-by');
    expect(likedBy.pages).toBe(2);
    expect(likedBy.seen).toHaveLength(26);
    expect(new Set(likedBy.seen.map((entry) => entry.id)).size).toBe(26);
    // New first: of the 16 unseen likes, the 10 I liked back are answered (no longer new), 6 stay new.
    expect(likedBy.seen.slice(0, 6).every((entry) => entry.like_new)).toBe(true);
    expect(likedBy.seen.slice(6).some((entry) => entry.like_new)).toBe(false);

    const liked = await collect('liked');
    expect(liked.seen.map((entry) => entry.id).sort((a, b) => a - b)).toEqual(
      [...others.slice(0, 20), ...others.slice(26)].map((other) => other.id),
    );
    expect(liked.seen[0]?.id).toBe(others[29]!.id);

    const matched = await collect('matches');
    expect(matched.seen.map((entry) => entry.id).sort((a, b) => a - b)).toEqual(
      others.slice(0, 20).map((other) => other.id),
    );

    const bad = await me.client.request({ url: `/api/likes-list.php?type=matches&cursor=nonsense` });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.code).toBe('cursor_invalid');

    // A forged timestamp once reached SQL as a cast and answered 500: unsigned it is refused, and even a
    // signed cursor must carry a timestamp.
    const unsigned = Buffer.from(JSON.stringify(['liked', 'not a time', 1])).toString('base64url');
    for (const cursor of [
      unsigned,
      app.cursors.encode('liked', ['not a time', 1]),
      app.cursors.encode('liked', ['2026-13-45 99:00:00+00', 1]),
    ]) {
      const response = await me.client.request({
        url: `/api/likes-list.php?type=liked&cursor=${encodeURIComponent(cursor)}`,
      });
      expect(response.statusCode, cursor).toBe(400);
      expect(response.json().error.code).toBe('cursor_invalid');
    }
  });

  it('shows the likes between two members (/likes/m/{id}) and clears like_new there', async () => {
    const [anna, bert] = await Promise.all([createMember(app), createMember(app)]);
    await like(bert, anna.profileId);
    const response = await anna.client.request({ url: `/api/likes-member.php?id=${bert.profileId}` });
    expect(response.statusCode).toBe(200);
    const body = likesMemberResponseSchema.parse(response.json());
    expect(body).toMatchObject({
      profile: { id: bert.profileId, name: bert.name },
      is_liked: false,
      is_liked_by: true,
      is_match: false,
      liked_at: null,
    });
    expect(body.liked_by_at).toEqual(expect.any(String));
    expect((await overview(anna)).liked_by).toEqual([{ id: bert.profileId, like_new: false }]);
  });

  it('picks for auto-like someone who likes the member and is not liked back, else a suggestion with a photo', async () => {
    const me = await createMember(app, { gender: 'male', sexuality: 'hetero', country: 'DK' });
    const admirer = await createMember(app, { gender: 'female', country: 'DK' });
    const suggestion = await createMember(app, { gender: 'female', sexuality: 'bi', country: 'DK' });
    await uploadPhoto(suggestion.client);
    await like(admirer, me.profileId);
    const first = autoLikeResponseSchema.parse((await me.client.request({ url: '/api/auto-like.php' })).json());
    expect(first).toEqual({ id: admirer.profileId, name: admirer.name, main_image: null });
    await like(me, admirer.profileId);
    const second = autoLikeResponseSchema.parse((await me.client.request({ url: '/api/auto-like.php' })).json());
    expect(second.id).toBe(suggestion.profileId);
    expect(second.main_image?.filename).toMatch(/^\/uploads\//);
    // Visitors (the like pop-up) get the most relevant listed member with a photo, from their GeoIP country first.
    const forVisitor = await visitor(app).request({ url: '/api/auto-like.php' });
    expect(forVisitor.statusCode).toBe(200);
    expect(forVisitor.json().main_image).not.toBeNull();
    const german = await createMember(app, { country: 'DE' });
    await uploadPhoto(german.client);
    await app.db.update(profiles).set({ lastActiveDay: '2020-01-01' }).where(eq(profiles.id, german.profileId));
    const fromGermany = autoLikeResponseSchema.parse(
      (await createClient(app, '85.214.132.117').request({ url: '/api/auto-like.php' })).json(),
    );
    expect(fromGermany.id).toBe(german.profileId);
    const fromNowhere = autoLikeResponseSchema.parse(
      (await visitor(app).request({ url: '/api/auto-like.php' })).json(),
    );
    expect(fromNowhere.id).not.toBe(german.profileId);
  });

  it('refuses liking oneself, unknown members and visitors', async () => {
    const me = await createMember(app);
    const self = await like(me, me.profileId);
    expect(self.statusCode).toBe(400);
    expect(self.json().error.code).toBe('cannot_like_self');
    expect((await like(me, 987_654)).statusCode).toBe(404);
    const anonymous = await visitor(app).request({
      method: 'POST',
      url: '/api/like.php',
      payload: { id: me.profileId },
    });
    expect(anonymous.statusCode).toBe(403);
    expect(anonymous.json().authentication_required).toBe(true);
    for (const url of [
      '/api/likes.php',
      '/api/likes-list.php?type=liked',
      `/api/likes-member.php?id=${me.profileId}`,
    ]) {
      expect((await visitor(app).request({ url })).statusCode, url).toBe(403);
    }
  });

  it('leaves members pending deletion out of the lists', async () => {
    const [me, leaving] = await Promise.all([createMember(app), createMember(app)]);
    await like(leaving, me.profileId);
    await like(me, leaving.profileId);
    await app.db
      .update(users)
      .set({ status: 'deleted_pending', deletedAt: new Date() })
      .where(eq(users.id, leaving.user.id));
    const body = await overview(me);
    expect(body).toEqual({ profiles: [], liked_by: [] });
    const matchesList = likesListResponseSchema.parse(
      (await me.client.request({ url: '/api/likes-list.php?type=matches' })).json(),
    );
    expect(matchesList.profiles).toEqual([]);
  });

  it('rate-limits liking', async () => {
    const me = await createMember(app);
    const targets = await insertProfiles(
      app,
      Array.from({ length: 61 }, (_, index) => ({ name: `target${index}` })),
    );
    const statuses: number[] = [];
    for (const target of targets) statuses.push((await like(me, target.id)).statusCode);
    expect(statuses.slice(0, 60).every((status) => status === 200)).toBe(true);
    expect(statuses[60]).toBe(429);
  });
});
