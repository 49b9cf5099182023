// Input at the edge, on the routes a review found answering 500 or acting on coerced values.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { blocks, likes } from '../db/schema/index.ts';
import { buildTestApp, type TestApp } from '../test-support/test-app.ts';
import { createClient, signUp, signupBody } from '../test-support/accounts.ts';
import { createMember, uploadPhoto, type TestMember } from '../test-support/members.ts';
import { hasNulCharacter } from './security.plugin.ts';

describe('input at the edge', () => {
  let app: TestApp;
  let member: TestMember;
  let other: TestMember;
  beforeAll(async () => {
    app = await buildTestApp();
    member = await createMember(app);
    other = await createMember(app);
  });
  afterAll(() => app.close());

  describe('ids', () => {
    const overRange = [2 ** 31, 2 ** 31 + 5, 2 ** 53, 1e20];
    it.each([
      ['POST', '/api/like.php'],
      ['DELETE', '/api/like.php'],
      ['POST', '/api/block.php'],
      ['DELETE', '/api/block.php'],
      ['PUT', '/api/photo.php'],
      ['DELETE', '/api/photo.php'],
    ])('%s %s answers 400 for ids of 2^31 and more, and for ids that are not whole numbers', async (method, url) => {
      for (const id of [
        ...overRange,
        0,
        -1,
        1.5,
        '1',
        `${other.profileId}`,
        true,
        [other.profileId],
        null,
        { id: 1 },
      ]) {
        const response = await member.client.request({ method: method as 'POST', url, payload: { id } });
        expect(response.statusCode, `${method} ${url} ${JSON.stringify(id)}`).toBe(400);
        expect(response.json().error.code).toBe('validation_failed');
      }
    });

    it('swipe answers 400 for such ids too', async () => {
      for (const id of [...overRange, '1', true, [1]]) {
        const response = await member.client.request({
          method: 'POST',
          url: '/api/swipe.php',
          payload: { id, action: 'like' },
        });
        expect(response.statusCode, JSON.stringify(id)).toBe(400);
      }
    });

    it('never acts on an id given as a string, boolean or array', async () => {
      for (const id of [`${other.profileId}`, true, [other.profileId]]) {
        await member.client.request({ method: 'POST', url: '/api/like.php', payload: { id } });
        await member.client.request({ method: 'POST', url: '/api/block.php', payload: { id } });
      }
      expect(await app.db.$count(likes, eq(likes.profileId, member.profileId))).toBe(0);
      expect(await app.db.$count(blocks, eq(blocks.profileId, member.profileId))).toBe(0);
      // The same id as a number works.
      expect(
        (await member.client.request({ method: 'POST', url: '/api/like.php', payload: { id: other.profileId } }))
          .statusCode,
      ).toBe(200);
    });

    it.each(['/api/member.php', '/api/likes-member.php'])('%s takes digits only, up to 2^31 - 1', async (url) => {
      for (const id of ['2147483648', '99999999999', '1e3', '-1', '0', '01', ' 1', '0x10', 'abc', '']) {
        const response = await member.client.request({ url: `${url}?id=${encodeURIComponent(id)}` });
        expect(response.statusCode, `${url}?id=${id}`).toBe(400);
      }
      expect((await member.client.request({ url: `${url}?id=2147483647` })).statusCode).toBe(404);
      expect((await member.client.request({ url: `${url}?id=${other.profileId}` })).statusCode).toBe(200);
    });
  });

  describe('NUL characters', () => {
    const nul = 'a\u0000b';
    it('finds NUL in strings, keys and nested values of parsed input only', () => {
      expect(hasNulCharacter(nul)).toBe(true);
      expect(hasNulCharacter({ deep: [{ list: ['x', nul] }] })).toBe(true);
      expect(hasNulCharacter({ [nul]: 1 })).toBe(true);
      expect(hasNulCharacter(Object.assign(Object.create(null), { q: nul }))).toBe(true);
      expect(hasNulCharacter({ text: 'fine', n: 1, flag: true, nothing: null })).toBe(false);
      expect(hasNulCharacter(Buffer.from(nul))).toBe(false);
    });

    it('answers 400 with a translated message, never 500, wherever text comes in', async () => {
      const visitor = createClient(app);
      const requests = [
        () =>
          visitor.request({
            method: 'POST',
            url: '/api/user.php',
            payload: { email: `x${nul}@example.com`, password: 'whatever1' },
          }),
        () =>
          visitor.request({ method: 'POST', url: '/api/signup.php', payload: signupBody({ username: `ann${nul}` }) }),
        () => member.client.request({ method: 'PUT', url: '/api/profile.php', payload: { about_me: `hello${nul}` } }),
        () =>
          member.client.request({
            method: 'POST',
            url: '/api/delete-account.php',
            payload: { reason: 'other', remarks: `bye${nul}` },
          }),
        () => app.inject({ method: 'POST', url: '/api/page-hidden.php', payload: { path: `/members${nul}` } }),
        () => app.inject({ url: `/api/settings.php?forced-domain=${encodeURIComponent(`example${nul}.com`)}` }),
        () => member.client.request({ url: `/api/search.php?country=${encodeURIComponent(`N${nul}`)}` }),
      ];
      for (const send of requests) {
        const response = await send();
        expect(response.statusCode, `${requests.indexOf(send)} ${response.body}`).toBe(400);
        expect(response.json().error.code).toBe('nul_character');
      }
      const german = await app.inject({
        url: `/api/settings.php?forced-domain=${encodeURIComponent(nul)}`,
        cookies: { lang: 'de' },
      });
      expect(german.json().error.message).toMatch(/Zeichen/);
    });
  });

  describe('usernames', () => {
    it.each([
      ['zero-width spaces', '\u200B\u200B\u200B'],
      ['direction overrides', '\u202E\u202D\u202E'],
      ['a mix with a byte-order mark and spaces', '\uFEFF \u2060\u200D '],
    ])('refuses a name of %s only', async (_name, username) => {
      const response = await createClient(app).request({
        method: 'POST',
        url: '/api/signup.php',
        payload: signupBody({ username }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().error.fields).toContainEqual(
        expect.objectContaining({ path: 'username', code: 'username_invisible' }),
      );
    });

    it('accepts names with visible characters around invisible ones, in any script', async () => {
      for (const username of ['Zoë\u200B', 'Анна', '李小龙', 'Jo Jo']) {
        await expect(signUp(app, { username })).resolves.toBeTruthy();
      }
    });
  });

  it('keeps uploads (multipart bodies) out of the NUL check', async () => {
    expect((await uploadPhoto(member.client)).statusCode).toBe(201);
  });
});
