// Genders beyond two (docs/orientation.md): a member may be non-binary and choose whom they see ("Show me": men, women,
// everyone); the match finder and the swipe game respect both sides' choices, and a member without a choice behaves as
// before. The profile editor's PUT takes the choice, and a non-binary member without one sees everyone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchFinderResponseSchema, ownProfileResponseSchema, swipeResponseSchema } from '@app/contracts';
import { buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import {
  birthDateForAge,
  createMember,
  uploadPhoto,
  type ProfileValues,
  type TestMember,
} from '../../test-support/members.ts';

describe('"Show me" and non-binary members', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  const member = (name: string, values: ProfileValues) =>
    createMember(app, { name, country: 'FI', dateOfBirth: birthDateForAge(30), ...values });

  async function finderNames(viewer: TestMember): Promise<string[]> {
    const response = await viewer.client.request({ url: '/api/match-finder.php' });
    expect(response.statusCode).toBe(200);
    return matchFinderResponseSchema.parse(response.json()).profiles.map((profile) => profile.name);
  }

  it('shows a non-binary member only to those whose choice includes them, and both directions count', async () => {
    const sam = await member('Sam-nb', { gender: 'non_binary', sexuality: null, showMe: 'everyone' });
    const ann = await member('Ann-everyone', { gender: 'female', sexuality: 'hetero', showMe: 'everyone' });
    const bea = await member('Bea-women', { gender: 'female', sexuality: 'bi', showMe: 'women' });
    const carl = await member('Carl-derived', { gender: 'male', sexuality: 'hetero' });
    const dirk = await member('Dirk-everyone', { gender: 'male', sexuality: 'bi', showMe: 'everyone' });
    const eva = await member('Eva-derived', { gender: 'female', sexuality: 'hetero' });

    const seenBySam = await finderNames(sam);
    expect(seenBySam).toEqual(expect.arrayContaining(['Ann-everyone', 'Dirk-everyone']));
    // Bea shows women only, Carl and Eva chose nothing (their orientation never looks for a non-binary member).
    for (const name of ['Bea-women', 'Carl-derived', 'Eva-derived']) expect(seenBySam).not.toContain(name);
    expect(await finderNames(ann)).toContain('Sam-nb');
    expect(await finderNames(dirk)).toContain('Sam-nb');
    expect(await finderNames(bea)).not.toContain('Sam-nb');
    expect(await finderNames(carl)).not.toContain('Sam-nb');

    // A woman showing women does not see men, and the men do not see her.
    const seenByBea = await finderNames(bea);
    expect(seenByBea).not.toContain('Dirk-everyone');
    expect(seenByBea).not.toContain('Carl-derived');
    expect(await finderNames(dirk)).not.toContain('Bea-women');

    // Without a choice, as before: a hetero man and a hetero woman see each other; Ann ("everyone", hetero) sees Eva's
    // gender, but Eva (hetero, no choice) does not look for women.
    expect(await finderNames(carl)).toEqual(expect.arrayContaining(['Eva-derived', 'Ann-everyone']));
    expect(await finderNames(eva)).toContain('Carl-derived');
    expect(await finderNames(ann)).not.toContain('Eva-derived');

    // Search is by the searcher's own filters, and a profile's "Show me" must show the searcher's gender.
    const searchNames = async (viewer: TestMember) => {
      const response = await viewer.client.request({ url: '/api/search.php?country=FI&limit=50' });
      expect(response.statusCode).toBe(200);
      return (response.json() as { results: { name: string }[] }).results.map((result) => result.name);
    };
    const byDirk = await searchNames(dirk);
    expect(byDirk).toEqual(expect.arrayContaining(['Sam-nb', 'Ann-everyone', 'Eva-derived']));
    expect(byDirk).not.toContain('Bea-women');
    const byAnn = await searchNames(ann);
    expect(byAnn).toEqual(expect.arrayContaining(['Bea-women', 'Sam-nb', 'Carl-derived']));
    // Sam (non-binary) is shown only what chose everyone or chose nothing.
    const bySam = await searchNames(sam);
    expect(bySam).toEqual(expect.arrayContaining(['Ann-everyone', 'Carl-derived']));
    expect(bySam).not.toContain('Bea-women');
  });

  it('keeps the choices in the swipe game too', async () => {
    const viewer = await member('Noor-nb', {
      gender: 'non_binary',
      sexuality: null,
      showMe: 'everyone',
      country: 'EE',
    });
    const shown = await member('Ilse-everyone', {
      gender: 'female',
      sexuality: 'bi',
      showMe: 'everyone',
      country: 'EE',
    });
    const hidden = await member('Mart-derived', { gender: 'male', sexuality: 'bi', country: 'EE' });
    for (const other of [shown, hidden]) expect((await uploadPhoto(other.client)).statusCode).toBe(201);
    const response = await viewer.client.request({ url: '/api/swipe.php' });
    expect(response.statusCode).toBe(200);
    const ids = swipeResponseSchema.parse(response.json()).profiles.map((profile) => profile.id);
    expect(ids).toContain(shown.profileId);
    expect(ids).not.toContain(hidden.profileId);
  });

  it('takes gender and "Show me" in the profile editor; a non-binary member without a choice sees everyone', async () => {
    const alex = await member('Alex-edit', { gender: 'male', sexuality: 'hetero' });
    const put = (payload: Record<string, unknown>) =>
      alex.client.request({ method: 'PUT', url: '/api/profile.php', payload });
    const saved = await put({ gender: 'non_binary' });
    expect(saved.statusCode).toBe(200);
    expect(ownProfileResponseSchema.parse(saved.json()).profile).toMatchObject({
      gender: 'non_binary',
      show_me: 'everyone',
    });
    expect(ownProfileResponseSchema.parse((await put({ show_me: 'women' })).json()).profile.show_me).toBe('women');
    const bad = await put({ show_me: 'robots' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields).toEqual(
      expect.arrayContaining([expect.objectContaining({ path: 'show_me', code: 'show_me_invalid' })]),
    );
    const badGender = await put({ gender: 'other' });
    expect(badGender.statusCode).toBe(400);
    // The search filter keeps its two values (existing clients): non_binary is no search gender.
    const search = await alex.client.request({ url: '/api/search.php?gender=non_binary' });
    expect(search.statusCode).toBe(400);
  });
});
