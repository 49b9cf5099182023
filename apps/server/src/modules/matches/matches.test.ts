import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MATCH_FINDER_PAGE_SIZE, matchFinderResponseSchema, signupMatchesResponseSchema, type Suggestion } from '@app/contracts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { birthDateForAge, createMember, insertProfiles, uploadPhoto, visitor, type TestMember } from '../profiles/members.test-helpers.ts';
import { attractedGenders } from './preferences.ts';

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
      const response = await member.client.request({ url: `/api/match-finder.php${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}` });
      expect(response.statusCode).toBe(200);
      const body = matchFinderResponseSchema.parse(response.json());
      all.push(...body.profiles);
      cursor = body.next_cursor;
    } while (cursor);
    return all;
  }

  it('knows who is attracted to whom', () => {
    expect(attractedGenders('male', 'hetero')).toEqual(['female']);
    expect(attractedGenders('female', 'hetero')).toEqual(['male']);
    expect(attractedGenders('male', 'gay')).toEqual(['male']);
    expect(attractedGenders('female', 'lesbian')).toEqual(['female']);
    expect(attractedGenders('female', 'bi')).toEqual(['male', 'female']);
    expect(attractedGenders(null, null)).toEqual(['male', 'female']);
  });

  it('suggests members who suit the member both ways, within the age window, own country first then abroad', async () => {
    const me = await createMember(app, { gender: 'male', sexuality: 'hetero', country: 'PL', dateOfBirth: birthDateForAge(30) });
    const rows = await insertProfiles(app, [
      { name: 'pl-hetero-woman', gender: 'female', sexuality: 'hetero', country: 'PL', dateOfBirth: birthDateForAge(28) },
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
    expect(all.find((suggestion) => suggestion.name === 'pl-hetero-woman')).toMatchObject({ is_liked: true, is_liked_by: false });
  });

  it('suggests for signup members with a photo not liked yet', async () => {
    const me = await createMember(app, { gender: 'female', sexuality: 'lesbian', country: 'NO', dateOfBirth: birthDateForAge(45) });
    const withPhoto = await createMember(app, { gender: 'female', sexuality: 'lesbian', country: 'NO', dateOfBirth: birthDateForAge(44) });
    const liked = await createMember(app, { gender: 'female', sexuality: 'bi', country: 'NO', dateOfBirth: birthDateForAge(46) });
    await createMember(app, { gender: 'female', sexuality: 'lesbian', country: 'NO', dateOfBirth: birthDateForAge(44) });
    await Promise.all([uploadPhoto(withPhoto.client), uploadPhoto(liked.client)]);
    await me.client.request({ method: 'POST', url: '/api/like.php', payload: { id: liked.profileId } });
    const response = await me.client.request({ url: '/api/signup-matches.php' });
    expect(response.statusCode).toBe(200);
    const { profiles } = signupMatchesResponseSchema.parse(response.json());
    expect(profiles.map((profile) => profile.id)).toEqual([withPhoto.profileId]);
    expect(profiles[0]).toMatchObject({ is_liked: false, main_image: { filename: expect.stringMatching(/^\/uploads\//) } });
  });

  it('is for members only', async () => {
    expect((await visitor(app).request({ url: '/api/match-finder.php' })).statusCode).toBe(403);
    expect((await visitor(app).request({ url: '/api/signup-matches.php' })).statusCode).toBe(403);
  });
});
