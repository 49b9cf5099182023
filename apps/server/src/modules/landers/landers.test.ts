import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LANDER_NAMES,
  landerPayloadSchema,
  landersResponseSchema,
  nicheSlug,
  parseNicheSlug,
  settingsResponseSchema,
  type LanderPayload,
  type Niche,
} from '@app/contracts';
import { LOCALES } from '@app/i18n';
import { eq } from 'drizzle-orm';
import { photos, profiles, sites, users } from '../../db/schema/index.ts';
import { createClient, signUp, tokenFromMail, uniqueEmail } from '../../test-support/accounts.ts';
import { BROWSER_USER_AGENT, buildTestApp, type TestApp } from '../../test-support/test-app.ts';
import { writeLanderRender } from '../../test-support/lander-render.ts';
import { birthDateForAge, insertProfiles, type ProfileValues } from '../../test-support/members.ts';
import { jsonForScript } from '../../lib/html.ts';
import { SITE_ENTRY_SCRIPT } from './site-entry-markup.ts';
import { escapeHtml } from '../../lib/html.ts';
import { parseLanderPath } from './landers.service.ts';
import { LANDER_SIGNUP_LINKS_SCRIPT } from './lander-pages.ts';

const INDEX_HTML =
  '<!doctype html><html lang="en"><head><title>Amoria</title></head><body><div id="root"></div><script type="module" src="/assets/app.js"></script></body></html>';

describe('niche slugs (SPEC section 2)', () => {
  it('maps niches 1 to 7 to the plain, she-, bdsm-, bbw-, gilf-, milf- and gay- prefixes plus the locale, English as eng', () => {
    expect(nicheSlug(1, 'en')).toBe('eng');
    expect(nicheSlug(2, 'en')).toBe('she-eng');
    expect(nicheSlug(3, 'de')).toBe('bdsm-de');
    expect(nicheSlug(4, 'nl')).toBe('bbw-nl');
    expect(nicheSlug(5, 'fr')).toBe('gilf-fr');
    expect(nicheSlug(6, 'pl')).toBe('milf-pl');
    expect(nicheSlug(7, 'sv')).toBe('gay-sv');
    for (const locale of LOCALES) {
      for (const niche of [1, 2, 3, 4, 5, 6, 7] as Niche[])
        expect(parseNicheSlug(nicheSlug(niche, locale), LOCALES)).toEqual({ niche, locale });
    }
  });

  it('refuses slugs that name no niche and locale', () => {
    for (const slug of ['en', 'she-en', 'she', 'lesbian-eng', 'gay-', 'eng-gay', 'she-xx', '', 'milf-en-US'])
      expect(parseNicheSlug(slug, LOCALES)).toBeNull();
    expect(parseNicheSlug('SHE-ENG', LOCALES)).toEqual({ niche: 2, locale: 'en' });
  });

  it('knows the landing-page paths', () => {
    expect(parseLanderPath('/landers/tinderswipe')).toEqual({ kind: 'lander', name: 'tinderswipe', slug: null });
    expect(parseLanderPath('/landers/gallery/bbw-de')).toEqual({ kind: 'lander', name: 'gallery', slug: 'bbw-de' });
    expect(parseLanderPath('/landers/nosuch')).toBeNull();
    // Any one segment is a slug (which niche and locale it names, if any, is parseNicheSlug's): an ad link always lands.
    for (const slug of ['1', '007', 'she-xx', 'lesbian-eng', 'She-Eng', 'eng_2024', 'caf%C3%A9', 'x'.repeat(200)])
      expect(parseLanderPath(`/landers/video/${slug}`)).toEqual({ kind: 'lander', name: 'video', slug });
    expect(parseLanderPath('/landers/gallery/1/')).toEqual({ kind: 'lander', name: 'gallery', slug: '1' });
    expect(parseLanderPath('/landers/gallery/1/2')).toBeNull();
    expect(parseLanderPath('/members/12/landing3/42')).toEqual({
      kind: 'member',
      name: 'landing3',
      memberId: 12,
      slug: '42',
    });
    expect(parseLanderPath('/members/12/landing')).toEqual({
      kind: 'member',
      name: 'landing',
      memberId: 12,
      slug: null,
    });
    expect(parseLanderPath('/members/12/landing2/she-eng')).toEqual({
      kind: 'member',
      name: 'landing2',
      memberId: 12,
      slug: 'she-eng',
    });
    expect(parseLanderPath('/members/12/landing/she-eng')).toBeNull();
    expect(parseLanderPath('/members/0/landing')).toBeNull();
    expect(parseLanderPath('/members/99999999999/landing3')).toBeNull();
  });

  it('writes JSON no value can break out of a script element with', () => {
    const json = jsonForScript({ name: '</script><script>alert(1)</script><!--', line: '\u2028' });
    expect(json).not.toMatch(/[<>]/);
    expect(json).not.toContain('\u2028');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script><!--', line: '\u2028' });
  });
});

describe('landing pages in the server HTML', () => {
  let app: TestApp;
  let distDir: string;
  const ids: Record<string, number> = {};

  /** The payload injected into a page's HTML. */
  function payloadOf(html: string): LanderPayload {
    const match = /<script type="application\/json" id="lander-data">([\s\S]*?)<\/script>/.exec(html);
    expect(match, 'the page carries its payload').not.toBeNull();
    return landerPayloadSchema.parse(JSON.parse(match![1]!));
  }

  beforeAll(async () => {
    distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'lander-dist-'));
    await fs.writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    await writeLanderRender(distDir);
    app = await buildTestApp({ webDistDir: distDir }, { serveWeb: true });
    await app.db.update(sites).set({ fictionalSingular: 'Fictional profile' });
    app.sites.invalidate();
    const rows: ProfileValues[] = [
      ...Array.from({ length: 7 }, (_, index) => ({
        name: `Curvy${index}`,
        bodyType: 'fat' as const,
        dateOfBirth: birthDateForAge(30 + index),
        city: 'Utrecht',
      })),
      ...Array.from({ length: 7 }, (_, index) => ({
        name: `Granny${index}`,
        bodyType: 'normal' as const,
        dateOfBirth: birthDateForAge(62 + index),
        city: 'Haarlem',
      })),
      ...Array.from({ length: 7 }, (_, index) => ({
        name: `Gayman${index}`,
        gender: 'male' as const,
        sexuality: 'gay' as const,
        dateOfBirth: birthDateForAge(28 + index),
      })),
      ...Array.from({ length: 3 }, (_, index) => ({
        name: `Lesbian${index}`,
        sexuality: 'lesbian' as const,
        bodyType: 'slim' as const,
        dateOfBirth: birthDateForAge(25),
      })),
      { name: 'Hetero man', gender: 'male' as const, sexuality: 'hetero' as const, dateOfBirth: birthDateForAge(30) },
      { name: '</script><b>Evil</b>', bodyType: 'slim' as const, dateOfBirth: birthDateForAge(22) },
      { name: 'Fictional Fay', bodyType: 'slim' as const, dateOfBirth: birthDateForAge(24), isFictional: true },
      { name: 'Regional', country: 'FI', region: 'FI-11', city: null, dateOfBirth: birthDateForAge(27) },
      { name: 'No photo', dateOfBirth: birthDateForAge(26) },
    ];
    // Every profile agreed to appear in ads but one (a fictional profile's consent never counts).
    const inserted = await insertProfiles(app, [
      ...rows.map((row) => ({ ...row, showInAds: true })),
      { name: 'Private Pia', bodyType: 'slim' as const, dateOfBirth: birthDateForAge(29), city: 'Haarlem' },
    ]);
    for (const row of inserted) ids[row.name] = row.id;
    await app.db.insert(photos).values(
      inserted
        .filter((row) => row.name !== 'No photo')
        .map((row) => ({
          profileId: row.id,
          fileKey: `photos/aa/${row.id}.jpg`,
          thumbKey: `photos/aa/${row.id}-t.jpg`,
          width: 800,
          height: 800,
          isMain: true,
        })),
    );
  });
  afterAll(async () => {
    await app.close();
    await fs.rm(distDir, { recursive: true, force: true });
  });

  /**
   * Pages are kept for a while per instance: after changing what they show, forget them (as a site change does).
   * The bus delivers later (through Redis when REDIS_URL is set): wait until this instance heard it; the caches
   * subscribed first, so they are empty by then.
   */
  async function forgetPages() {
    const heard = new Promise<void>((resolve) => {
      const stop = app.bus.subscribe('site.changed', () => (stop(), resolve()));
    });
    await app.bus.publish('site.changed', { siteId: (await app.sites.resolve('')).id });
    await heard;
  }

  it.each(LANDER_NAMES)(
    'answers /landers/%s with its content, payload and Open Graph tags in the HTML',
    async (name) => {
      const response = await app.inject({
        url: `/landers/${name}?network={adnet}&ref=r1&sub1={sub1}&sub2=s2&sub3=s3`,
        headers: { host: 'localhost', 'user-agent': BROWSER_USER_AGENT },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/^text\/html/);
      const html = response.body;
      const payload = payloadOf(html);
      expect(payload).toMatchObject({
        kind: 'lander',
        name,
        path: `/landers/${name}`,
        niche: 1,
        language: 'en',
        member: null,
      });
      expect(payload.profiles.length).toBeGreaterThanOrEqual(6);
      expect(payload.profiles.every((profile) => profile.main_image !== null)).toBe(true);
      // Plain niche: women only.
      expect(payload.profiles.map((profile) => profile.name)).not.toContain('Hetero man');
      // The first view is in the HTML, before the app's root, with the texts and profiles.
      const view = html.slice(html.indexOf('<div id="lander-ssr"'), html.indexOf('<div id="root">'));
      expect(view).toContain(`data-lander="${name}"`);
      expect(view).toContain(`>${escapeHtml(payload.texts.headline)}</h1>`);
      expect(view).toContain(escapeHtml(payload.texts.lead));
      const shown = payload.profiles[0]!;
      expect(view).toContain(shown.main_image!.thumb_filename.replace(/\.jpg$/, '').slice(0, 20));
      // Every call to action is a real link to the signup page; the visit's tracking values are not written into a
      // page other visitors get (the tracking cookie carries them, and an inline script adds the query to a followed link).
      expect(view).toContain('href="/signup" data-lander-signup="modal"');
      expect(html).not.toMatch(/adnet|sub1=|ref=r1/);
      expect(String(response.headers['set-cookie'])).toMatch(/^tv=v1\.[0-9a-f-]{36}\.\d+\.\d+\./);
      expect(html).toContain(`<script>${LANDER_SIGNUP_LINKS_SCRIPT}</script>`);
      expect(String(response.headers['content-security-policy'])).toContain(
        `'sha256-${createHash('sha256').update(LANDER_SIGNUP_LINKS_SCRIPT).digest('base64')}'`,
      );
      expect(html).toContain(`<title>${payload.texts.title}</title>`);
      expect(html).toContain(`<meta property="og:title" content="${escapeHtml(payload.texts.title)}">`);
      expect(html).toContain(`<meta property="og:description" content="${escapeHtml(payload.texts.description)}">`);
      // Absolute addresses from the site's configured address (PUBLIC_URL), never the Host header.
      expect(html).toMatch(
        /<meta property="og:image" content="http:\/\/localhost:3000\/uploads\/photos\/aa\/\d+\.jpg">/,
      );
      expect(html).toContain(`<link rel="canonical" href="http://localhost:3000/landers/${name}">`);
      expect(html).toContain('<html lang="en"');
      // The app's script is not fetched beside the view and its photos: an inline loader allowed by its hash adds it after `load`.
      expect(html).not.toContain('<script type="module"');
      const loader = [...html.matchAll(/<script>([^<]*)<\/script>/g)]
        .map((match) => match[1]!)
        .find((script) => script.includes('"/assets/app.js"'));
      expect(loader).toContain("addEventListener('load'");
      expect(String(response.headers['content-security-policy'])).toContain(
        `'sha256-${createHash('sha256').update(loader!).digest('base64')}'`,
      );
    },
  );

  it.each([...LANDER_NAMES.map((name) => `/landers/${name}/eng`), '/members/MEMBER/landing2'])(
    "keeps %s's tracking data through signup and activation, by the tracking cookie",
    async (pagePath) => {
      const url = `${pagePath.replace('MEMBER', String(ids['Granny1']))}?network={adnet}&ref=partner%7B7%7D&sub1={s1}&sub2=two&sub3=3`;
      const visitorClient = createClient(app);
      expect((await visitorClient.request({ url })).statusCode).toBe(200);
      // The signup form sends nothing of it (a link opened in a new tab, a click before the app ran): the cookie does.
      const email = uniqueEmail('lander');
      const { user } = await signUp(app, { email }, visitorClient);
      const activated = await createClient(app).request({
        method: 'POST',
        url: '/api/activate.php',
        payload: { token: await tokenFromMail(app, email, '/activate') },
      });
      expect(activated.statusCode).toBeLessThan(300);
      const [row] = await app.db.select().from(users).where(eq(users.id, user.id));
      expect(row).toMatchObject({
        status: 'active',
        trackingNetwork: 'adnet',
        trackingRef: 'partner7',
        trackingSub1: 's1',
        trackingSub2: 'two',
        trackingSub3: '3',
      });
    },
  );

  it('writes the entry warning into the first view for a visitor from NL or DE, allowed by its hash; not elsewhere, not for a member, not when the site turns it off', async () => {
    const warningOf = (html: string) =>
      /<div id="site-entry-ssr">[\s\S]*?<\/div><\/div><\/div><\/div>/.exec(html)?.[0] ?? null;
    // The test visitor has no GeoIP country: the site's first country, NL.
    const response = await app.inject({ url: '/landers/gallery' });
    const warning = warningOf(response.body);
    expect(warning).toContain('role="dialog" aria-modal="true" aria-labelledby="site-entry-ssr-title"');
    expect(warning).toContain('>This website contains adult content</h2>');
    expect(warning).toContain(
      '<button type="button" class="btn btn-primary btn-lg px-5" data-site-entry-enter>Enter</button>',
    );
    expect(warning).toContain('href="https://www.google.com/"');
    // Its script right after it, allowed by its hash: it hides the warning for an earlier "Enter" before the first paint.
    expect(response.body).toContain(`${warning}<script>${SITE_ENTRY_SCRIPT}</script>`);
    expect(SITE_ENTRY_SCRIPT).toContain('site_entry_warning_dismissed_at');
    expect(String(response.headers['content-security-policy'])).toContain(
      `'sha256-${createHash('sha256').update(SITE_ENTRY_SCRIPT).digest('base64')}'`,
    );
    // In the lander's language.
    expect(warningOf((await app.inject({ url: '/landers/gallery/de' })).body)).toContain('>Betreten</button>');
    // Lander layout: NL and DE only (a chosen country the site serves counts).
    const belgian = await app.inject({ url: '/landers/gallery', cookies: { country: 'BE' } });
    expect(warningOf(belgian.body)).toBeNull();
    expect(belgian.body).not.toContain(SITE_ENTRY_SCRIPT);
    expect(String(belgian.headers['content-security-policy'])).not.toContain(
      createHash('sha256').update(SITE_ENTRY_SCRIPT).digest('base64'),
    );
    expect(warningOf((await app.inject({ url: '/landers/gallery', cookies: { country: 'DE' } })).body)).not.toBeNull();
    // A member never sees it.
    const { client } = await signUp(app, { email: uniqueEmail('lander-warning') });
    expect(warningOf((await client.request({ url: '/landers/gallery' })).body)).toBeNull();
    // Nor anyone when the site turns it off.
    await app.db.update(sites).set({ enableSiteEntryPopup: 'no' });
    app.sites.invalidate();
    try {
      expect(warningOf((await app.inject({ url: '/landers/gallery' })).body)).toBeNull();
    } finally {
      await app.db.update(sites).set({ enableSiteEntryPopup: 'yes' });
      app.sites.invalidate();
    }
  });

  it('escapes profile values in the markup and in the JSON', async () => {
    const html = (await app.inject({ url: '/landers/gallery' })).body;
    expect(html).not.toContain('</script><b>Evil</b>');
    expect(html).toContain('&lt;/script&gt;&lt;b&gt;Evil&lt;/b&gt;');
    expect(payloadOf(html).profiles.some((profile) => profile.name === '</script><b>Evil</b>')).toBe(true);
  });

  it('keeps fictional profiles and members who did not agree out of every lander; their landings show the pitch (honest ads)', async () => {
    for (const name of LANDER_NAMES) {
      const html = (await app.inject({ url: `/landers/${name}` })).body;
      expect(
        payloadOf(html).profiles.map((profile) => profile.name),
        name,
      ).not.toContain('Fictional Fay');
      expect(html, name).not.toContain('Fictional Fay');
      expect(html, name).not.toContain('Private Pia');
    }
    // The ad still lands: on the site's pitch with members who agreed, never on that profile.
    for (const member of ['Fictional Fay', 'Private Pia'])
      for (const landing of ['landing', 'landing2', 'landing3']) {
        const html = (await app.inject({ url: `/members/${ids[member]}/${landing}` })).body;
        const payload = payloadOf(html);
        expect(payload, `${member} ${landing}`).toMatchObject({ kind: 'lander', name: 'iconslanding', member: null });
        expect(html, `${member} ${landing}`).not.toContain(member);
        const api = await app.inject({ url: `/api/landers.php?path=/members/${ids[member]}/${landing}` });
        expect(api.json().lander, `${member} ${landing}`).toMatchObject({ kind: 'lander', member: null });
      }
    // Agreeing is the member's own setting: once on, their landing is theirs.
    await app.db.update(profiles).set({ showInAds: true }).where(eq(profiles.id, ids['Private Pia']!));
    await forgetPages();
    try {
      const payload = payloadOf((await app.inject({ url: `/members/${ids['Private Pia']}/landing` })).body);
      expect(payload).toMatchObject({ kind: 'member', member: { name: 'Private Pia' } });
      // Invisible mode hides her from ads as from search, whatever she agreed to.
      await app.db.update(profiles).set({ isInvisible: true }).where(eq(profiles.id, ids['Private Pia']!));
      await forgetPages();
      const hidden = payloadOf((await app.inject({ url: `/members/${ids['Private Pia']}/landing` })).body);
      expect(hidden).toMatchObject({ kind: 'lander', member: null });
    } finally {
      await app.db
        .update(profiles)
        .set({ showInAds: false, isInvisible: false })
        .where(eq(profiles.id, ids['Private Pia']!));
      await forgetPages();
    }
  });

  it('claims nothing untrue about the visitor or the members (honest ads)', async () => {
    const untrue = [
      /sent you a message/i,
      /is typing/i,
      /is waiting for you/i,
      />\s*live\s*</i,
      /It's a match/i,
      /\d+ likes?\b/,
      /\d+ comments?\b/,
    ];
    const pages = [
      ...LANDER_NAMES.map((name) => `/landers/${name}`),
      ...['landing', 'landing2', 'landing3'].map((landing) => `/members/${ids['Granny0']}/${landing}`),
    ];
    for (const url of pages) {
      const html = (await app.inject({ url })).body;
      const view = html.slice(html.indexOf('<div id="lander-ssr"'), html.indexOf('<div id="root">'));
      for (const claim of untrue) expect(view, `${url} ${claim}`).not.toMatch(claim);
    }
    const landing2 = payloadOf((await app.inject({ url: `/members/${ids['Granny0']}/landing2` })).body);
    expect(landing2.texts.headline).toBe('Write to Granny0');
    // Not "would like to get to know you": the member said no such thing.
    const landing = payloadOf((await app.inject({ url: `/members/${ids['Granny0']}/landing` })).body);
    expect(landing.texts.headline).toBe('Get to know Granny0');
    // Activity in the app's own words ("Active today"), never "Online".
    for (const url of pages) expect((await app.inject({ url })).body, url).not.toMatch(/Online today/);
  });

  it('says "near you" only when every profile shown is in the visitor\'s region or within the site\'s distance', async () => {
    const nearWords = /near you|Closest to you|Singles near/i;
    const viewOf = (html: string) => html.slice(html.indexOf('<div id="lander-ssr"'), html.indexOf('<div id="root">'));
    // GeoIP's country alone (or nothing) is not "near": no lander says it.
    for (const name of LANDER_NAMES) {
      const html = (await app.inject({ url: `/landers/${name}` })).body;
      expect(payloadOf(html).is_near, name).toBe(false);
      expect(viewOf(html), name).not.toMatch(nearWords);
      expect(payloadOf(html).texts.title, name).not.toMatch(nearWords);
    }
    // Located in Haarlem with only Haarlem's grannies on the page (the gilf niche): near, and said so.
    const near = (await app.inject({ url: '/landers/maplanding/gilf-eng', cookies: { geo_place: 'NL.NH|Haarlem' } }))
      .body;
    expect(payloadOf(near).profiles.every((profile) => profile.city === 'Haarlem')).toBe(true);
    expect(payloadOf(near)).toMatchObject({ is_near: true, texts: { headline: 'Singles on the map near you' } });
    expect(viewOf(near)).toContain('Closest to you');
    // In Groningen (about 140 km away, beyond the site's 50 km), the same grannies are not near.
    const far = (await app.inject({ url: '/landers/maplanding/gilf-eng', cookies: { geo_place: 'NL.GR|Groningen' } }))
      .body;
    expect(payloadOf(far)).toMatchObject({ is_near: false, texts: { headline: 'Singles on the map' } });
    expect(viewOf(far)).not.toMatch(nearWords);
  });

  it('names the private photos a member really has on landing3, and none when there are none', async () => {
    const granny0 = (await app.inject({ url: `/members/${ids['Granny0']}/landing3` })).body;
    expect(payloadOf(granny0)).toMatchObject({ private_photo_count: 0, texts: { headline: 'See more of Granny0' } });
    expect(granny0).not.toContain('class="ldr-private-tile');
    await app.db.insert(photos).values(
      [1, 2].map((index) => ({
        profileId: ids['Granny2']!,
        fileKey: `private/aa/${index}.jpg`,
        thumbKey: `private/aa/${index}-t.jpg`,
        width: 800,
        height: 800,
        isPrivate: true,
      })),
    );
    const granny2 = (await app.inject({ url: `/members/${ids['Granny2']}/landing3` })).body;
    expect(payloadOf(granny2)).toMatchObject({
      private_photo_count: 2,
      texts: { headline: 'Granny2 has 2 private photos' },
    });
    expect(granny2.match(/class="ldr-private-tile/g)).toHaveLength(2);
    // Nothing of a private photo is on the page.
    expect(granny2).not.toContain('private/aa/');
  });

  it('names places, never a region code or an empty pin', async () => {
    const regional = payloadOf((await app.inject({ url: `/members/${ids['Regional']}/landing` })).body).member;
    expect(regional).toMatchObject({ region: 'FI-11', city: null, place: 'Pirkanmaa' });
    const html = (await app.inject({ url: `/members/${ids['Regional']}/landing` })).body;
    expect(html).toContain('Pirkanmaa');
    expect(html).not.toContain('FI-11</');
    for (const name of LANDER_NAMES) {
      const { profiles } = payloadOf((await app.inject({ url: `/landers/${name}` })).body);
      for (const profile of profiles) {
        expect(profile.place, profile.name).not.toBe('');
        expect(profile.place, profile.name).not.toMatch(/^[A-Z]{2}-\w+$|^\d+$/);
      }
    }
  });

  it('picks the profiles and texts of the niche and the language of the slug', async () => {
    const bbw = payloadOf((await app.inject({ url: '/landers/gallery/bbw-de' })).body);
    expect(bbw).toMatchObject({ niche: 4, language: 'de', is_language_from_slug: true });
    expect(
      bbw.profiles
        .map((profile) => profile.name)
        .slice(0, 6)
        .every((name) => name.startsWith('Curvy')),
    ).toBe(true);
    expect(bbw.texts.lead).toContain('kurvige Frauen');

    const gilf = payloadOf((await app.inject({ url: '/landers/maplanding/gilf-eng' })).body);
    expect(gilf.profiles.every((profile) => (profile.age ?? 0) >= 60)).toBe(true);
    expect(gilf.texts.headline).toBe('Singles on the map');

    const gay = (await app.inject({ url: '/landers/video/gay-nl' })).body;
    const gayPayload = payloadOf(gay);
    expect(gayPayload.profiles.every((profile) => profile.name.startsWith('Gayman'))).toBe(true);
    expect(gay).toContain('<html lang="nl"');
    expect(gay).toContain('Mannen die van mannen houden');

    // Too few lesbian profiles: the niche's own first, then women fill the page.
    const she = payloadOf((await app.inject({ url: '/landers/socialnetwork/she-eng' })).body);
    expect(
      she.profiles
        .slice(0, 3)
        .map((profile) => profile.name)
        .sort(),
    ).toEqual(['Lesbian0', 'Lesbian1', 'Lesbian2']);
    expect(she.profiles.length).toBeGreaterThan(3);

    // A slug that names nothing: the site's niche and the visitor's language.
    expect(payloadOf((await app.inject({ url: '/landers/gallery/nothing' })).body)).toMatchObject({
      niche: 1,
      language: 'en',
      is_language_from_slug: false,
    });
    // A language cookie counts when the slug names no language.
    expect(payloadOf((await app.inject({ url: '/landers/gallery', cookies: { lang: 'fr' } })).body).language).toBe(
      'fr',
    );
  });

  it("lands an ad link whose slug names no niche and locale on the site's niche, server-rendered (a typo still lands)", async () => {
    // A site whose own niche is not the first, so the page visibly shows the site's niche, not niche 1 by chance.
    await app.db.update(sites).set({ niche: 7 });
    await forgetPages();
    try {
      const pages = [
        ...['1', '123', 'she-xx', 'xx', 'lesbian-eng', 'Typo-ENG', 'gay-', 'SHE-EN'].flatMap((slug) => [
          `/landers/video/${slug}`,
          `/landers/gallery/${slug}`,
        ]),
        '/landers/tinderswipe/1',
        `/members/${ids['Granny0']}/landing2/1`,
      ];
      for (const page of pages) {
        const response = await app.inject({ url: `${page}?sub1=x`, headers: { 'user-agent': BROWSER_USER_AGENT } });
        expect(response.statusCode, page).toBe(200);
        const payload = payloadOf(response.body);
        expect(payload, page).toMatchObject({ path: page, niche: 7, language: 'en', is_language_from_slug: false });
        // Server-rendered like the others: the view before the app's root, adopted by the app for this very path.
        expect(response.body).toContain(`data-lander-path="${page}"`);
        expect(response.body.indexOf('<div id="lander-ssr"')).toBeLessThan(response.body.indexOf('<div id="root">'));
        // The typo is no page of its own: the canonical address is the lander's without it.
        const canonical = page.slice(0, page.lastIndexOf('/'));
        expect(response.body).toContain(`<link rel="canonical" href="http://localhost:3000${canonical}">`);
        expect(response.body).toContain(`<meta property="og:url" content="http://localhost:3000${canonical}">`);
        // The app, reached without the server's HTML, asks landers.php: the same page, never its 404.
        const api = await app.inject({ url: `/api/landers.php?path=${encodeURIComponent(page)}` });
        expect(api.statusCode, page).toBe(200);
        expect(landersResponseSchema.parse(api.json()).lander).toMatchObject({ path: page, niche: 7 });
      }
      // A language cookie still picks the language when the slug names none.
      expect(payloadOf((await app.inject({ url: '/landers/video/1', cookies: { lang: 'de' } })).body).language).toBe(
        'de',
      );
      // Case does not matter for a slug that does name a niche and locale; its canonical address is written in lower case.
      const mixed = await app.inject({ url: '/landers/gallery/BBW-De' });
      expect(payloadOf(mixed.body)).toMatchObject({ path: '/landers/gallery/BBW-De', niche: 4, language: 'de' });
      expect(mixed.body).toContain('<link rel="canonical" href="http://localhost:3000/landers/gallery/bbw-de">');
      // Still unknown: a lander name, and a slug on the plain member landing.
      expect(await app.inject({ url: '/api/landers.php?path=/landers/nosuch/1' }).then((r) => r.statusCode)).toBe(404);
      expect(
        await app
          .inject({ url: `/api/landers.php?path=/members/${ids['Granny0']}/landing/1` })
          .then((r) => r.statusCode),
      ).toBe(404);
    } finally {
      await app.db.update(sites).set({ niche: 1 });
      await forgetPages();
    }
  });

  it('takes the country of the entry warning from the address as settings.php does: ?country=, else the cookie', async () => {
    const hasWarning = (html: string) => html.includes('<div id="site-entry-ssr">');
    // The web app passes its page's query on to settings.php (web lib/settings): the same address, the same country.
    const settingsCountry = async (query: string, cookies: Record<string, string>) => {
      const response = await app.inject({ url: `/api/settings.php?${query}&forced-domain=localhost`, cookies });
      return settingsResponseSchema.parse(response.json()).settings.geoip_selected_country;
    };
    // `country` names the page, never a visit: it stays in the address the page is kept by.
    expect(app.services.traffic.isTrackingKey('country')).toBe(false);
    const cases: Array<[query: string, cookies: Record<string, string>, country: string]> = [
      // No GeoIP country in tests: the site's first country, NL (the lander layout warns in NL and DE).
      ['sub1=a', {}, 'NL'],
      ['country=BE&sub1=a', {}, 'BE'],
      ['country=be&gclid=1', {}, 'BE'],
      ['country=DE&gclid=2', { country: 'BE' }, 'DE'],
      ['country=BE&gclid=3', { country: 'DE' }, 'BE'],
      ['sub1=b', { country: 'BE' }, 'BE'],
      // A country the site does not serve is ignored, as settings.php ignores it.
      ['country=XX', { country: 'BE' }, 'NL'],
    ];
    // Twice: the second round comes from the kept pages, whose warning is still this visitor's.
    for (const round of [1, 2]) {
      for (const [query, cookies, country] of cases) {
        expect(await settingsCountry(query, cookies), query).toBe(country);
        for (const page of ['/landers/gallery', '/landers/video/1']) {
          const response = await app.inject({ url: `${page}?${query}`, cookies });
          expect(payloadOf(response.body).path).toBe(page);
          expect(hasWarning(response.body), `${page}?${query} ${JSON.stringify(cookies)}, round ${round}`).toBe(
            country === 'NL' || country === 'DE',
          );
        }
      }
    }
  });

  it('answers member landings around one member, leading to the member signup', async () => {
    const id = ids['Granny0']!;
    for (const [url, name] of [
      [`/members/${id}/landing`, 'landing'],
      [`/members/${id}/landing2`, 'landing2'],
      [`/members/${id}/landing2/she-eng`, 'landing2'],
      [`/members/${id}/landing3/milf-it`, 'landing3'],
    ] as const) {
      const response = await app.inject({ url: `${url}?ref={r}&sub2=x` });
      const payload = payloadOf(response.body);
      expect(payload).toMatchObject({
        kind: 'member',
        name,
        member: { id, name: 'Granny0', city: 'Haarlem' },
        profiles: [],
      });
      expect(payload.signup_href).toBe(`/members/${id}/signup`);
      expect(response.body).toContain(`href="/members/${id}/signup" data-lander-signup="member"`);
      expect(response.body).toContain(
        `<meta property="og:image" content="http://localhost:3000/uploads/photos/aa/${id}.jpg">`,
      );
      expect(response.body).toContain('Granny0');
    }
    expect(payloadOf((await app.inject({ url: `/members/${id}/landing3/milf-it` })).body).texts.cta).toBe(
      'Guarda il profilo di Granny0',
    );
    // No such member, or a slug on the plain landing: the app's own page (index.html with the site's head, no lander).
    for (const url of ['/members/999999/landing', `/members/${id}/landing/she-eng`, '/landers/nosuch']) {
      const body = (await app.inject({ url })).body;
      expect(body, url).toContain('<div id="root"></div>');
      expect(body, url).not.toContain('id="lander-data"');
      expect(body, url).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    }
  });

  it('orders profiles near the visitor: the region the browser located them in first', async () => {
    await insertProfiles(app, [
      { name: 'Nearby', country: 'BE', region: 'VAN', dateOfBirth: birthDateForAge(33), showInAds: true },
    ]);
    await forgetPages();
    const [row] = await app.db.select().from(photos).limit(1);
    expect(row).toBeDefined();
    const payload = payloadOf((await app.inject({ url: '/landers/gallery', cookies: { geo_place: 'BE.VAN' } })).body);
    // Without a photo it is never shown; the others keep their order.
    expect(payload.profiles.some((profile) => profile.name === 'Nearby')).toBe(false);
    const withPhoto = await insertProfiles(app, [
      { name: 'Nearby2', country: 'BE', region: 'VAN', dateOfBirth: birthDateForAge(33), showInAds: true },
    ]);
    await app.db.insert(photos).values({
      profileId: withPhoto[0]!.id,
      fileKey: 'photos/bb/n.jpg',
      thumbKey: 'photos/bb/n-t.jpg',
      width: 800,
      height: 800,
      isMain: true,
    });
    await forgetPages();
    const near = payloadOf((await app.inject({ url: '/landers/gallery', cookies: { geo_place: 'BE.VAN' } })).body);
    expect(near.profiles[0]!.name).toBe('Nearby2');
    // Located in the Netherlands: the Dutch profiles come first, the Belgian one after them.
    const far = payloadOf((await app.inject({ url: '/landers/gallery', cookies: { geo_place: 'NL' } })).body);
    expect(far.profiles.map((profile) => profile.name)).not.toContain('Nearby2');
  });

  it('shows the nearest profiles first when the browser located the visitor in a town', async () => {
    const namesFor = async (place: string) =>
      payloadOf((await app.inject({ url: '/landers/gallery', cookies: { geo_place: place } })).body).profiles.map(
        (profile) => profile.name,
      );
    // Located in Haarlem: the seven Haarlem profiles, then the seven in Utrecht (about 50 km), then those without a town.
    const haarlem = await namesFor('NL.NH|Haarlem');
    expect(haarlem.slice(0, 7).every((name) => name.startsWith('Granny'))).toBe(true);
    expect(haarlem.slice(7, 12).every((name) => name.startsWith('Curvy'))).toBe(true);
    // In Utrecht it is the other way round; the town's name is matched without regard to case.
    const utrecht = await namesFor('NL.UT|utrecht');
    expect(utrecht.slice(0, 7).every((name) => name.startsWith('Curvy'))).toBe(true);
    expect(utrecht.slice(7, 12).every((name) => name.startsWith('Granny'))).toBe(true);
    // A town the data does not know, or none: the relevance order near the region, as before.
    const plain = await namesFor('NL.NH');
    expect(await namesFor('NL.NH|Atlantis')).toEqual(plain);
    // A malformed cookie is ignored, never an error.
    expect((await app.inject({ url: '/landers/gallery', cookies: { geo_place: 'NL.NH|a|b' } })).statusCode).toBe(200);
  });

  it('answers landers.php with the same payload and markup for client-side navigation', async () => {
    const response = await app.inject({ url: '/api/landers.php?path=/landers/iconslanding/milf-eng&sub1={x}' });
    expect(response.statusCode).toBe(200);
    const body = landersResponseSchema.parse(response.json());
    expect(body.lander).toMatchObject({ name: 'iconslanding', niche: 6 });
    expect(body.html).toContain('data-lander="iconslanding"');
    expect(body.html).toContain('href="/signup"');
    expect(body.css).toContain('.ldr-cta');
    expect((await app.inject({ url: '/api/landers.php?path=/landers/nosuch' })).statusCode).toBe(404);
    expect((await app.inject({ url: '/api/landers.php?path=nope' })).statusCode).toBe(400);
  });

  it('lists the landers in sitemap.xml', async () => {
    const body = (await app.inject({ url: '/sitemap.xml' })).body;
    for (const name of LANDER_NAMES) expect(body).toContain(`/landers/${name}</loc>`);
  });

  it('answers the partner address in settings.php only when it is an absolute http(s) address', async () => {
    const partner = async () =>
      settingsResponseSchema.parse((await app.inject({ url: '/api/settings.php' })).json()).settings.partner_url;
    expect(await partner()).toBeNull();
    for (const [stored, answered] of [
      ['https://partner.example/join?x=1', 'https://partner.example/join?x=1'],
      ['javascript:alert(1)', null],
      ['/relative', null],
    ] as const) {
      await app.db.update(sites).set({ partnerUrl: stored });
      app.sites.invalidate();
      expect(await partner()).toBe(answered);
    }
  });
});
