import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, insertSite, type TestApp } from '../../test-support/test-app.ts';
import { siteTextValues } from '../../plugins/site/index.ts';
import { shortName, SITEMAP_PATHS } from './site-meta.ts';

describe('manifest, icons, robots.txt and sitemap.xml per site', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
    await insertSite(app, {
      domain: 'amore.example',
      name: 'Amore Italiano Incontri',
      domainLanguage: 'it',
      ...siteTextValues({ description: { it: 'Incontri in Italia', en: 'Dating in Italy' } }, 'it'),
    });
  });
  afterAll(() => app.close());

  it('answers a web app manifest for the site of the request host', async () => {
    const main = await app.inject({ url: '/manifest.webmanifest' });
    const amore = await app.inject({ url: '/manifest.webmanifest', headers: { host: 'amore.example' } });
    expect(main.statusCode).toBe(200);
    expect(main.headers['content-type']).toMatch(/^application\/manifest\+json/);
    const manifest = amore.json();
    expect(manifest).toMatchObject({
      name: 'Amore Italiano Incontri',
      short_name: 'Amore',
      description: 'Incontri in Italia',
      lang: 'it',
      start_url: '/',
      display: 'standalone',
      theme_color: '#ff6f61',
    });
    expect(main.json().name).not.toBe(manifest.name);
    expect(manifest.icons.map((icon: { purpose: string; sizes: string }) => `${icon.purpose} ${icon.sizes}`)).toEqual(
      expect.arrayContaining(['any 192x192', 'any 512x512', 'maskable 192x192', 'maskable 512x512', 'any any']),
    );
  });

  it('serves every icon the manifest names, made here, at its size', async () => {
    const { icons } = (await app.inject({ url: '/manifest.webmanifest' })).json() as {
      icons: { src: string; sizes: string; type: string }[];
    };
    for (const icon of icons) {
      const response = await app.inject({ url: icon.src });
      expect(response.statusCode, icon.src).toBe(200);
      expect(response.headers['content-type']).toContain(icon.type);
      if (icon.type === 'image/png') {
        const meta = await sharp(response.rawPayload).metadata();
        expect(`${meta.width}x${meta.height}`).toBe(icon.sizes);
      } else {
        expect(response.body).toMatch(/^<svg /);
      }
    }
  });

  it('answers the icon iOS asks for at the root as a 180 px PNG, never the app page', async () => {
    for (const url of ['/apple-touch-icon.png', '/apple-touch-icon-precomposed.png']) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      const meta = await sharp(response.rawPayload).metadata();
      expect(`${meta.width}x${meta.height}`).toBe('180x180');
    }
  });

  it('robots.txt keeps members’ areas and the API out and names the sitemap of the host', async () => {
    const response = await app.inject({ url: '/robots.txt', headers: { host: 'amore.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain/);
    expect(response.body).toContain('Disallow: /members');
    expect(response.body).toContain('Disallow: /api/');
    expect(response.body).toContain('Sitemap: http://amore.example/sitemap.xml');
  });

  it('sitemap.xml lists the static pages of the host and never a member page', async () => {
    const response = await app.inject({ url: '/sitemap.xml', headers: { host: 'amore.example' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/xml/);
    const locs = [...response.body.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
    expect(locs).toEqual(SITEMAP_PATHS.map((path) => `http://amore.example${path}`));
    expect(locs.some((loc) => loc!.includes('/members'))).toBe(false);
  });

  it('cuts a long name at a word for the short name', () => {
    expect(shortName('Flirt')).toBe('Flirt');
    expect(shortName('Amore Italiano Incontri')).toBe('Amore');
    expect(shortName('Superlongdatingname')).toBe('Superlongdat');
  });
});

describe('the head of every page (language, title, description, alternates)', () => {
  const INDEX_HTML =
    '<!doctype html><html lang="en"><head><title>Amoria</title></head><body><div id="root"></div></body></html>';
  let app: TestApp;
  let distDir: string;
  beforeAll(async () => {
    const fs = await import('node:fs/promises');
    const os = await import('node:os');
    const path = await import('node:path');
    distDir = await fs.mkdtemp(path.join(os.tmpdir(), 'seo-dist-'));
    await fs.writeFile(path.join(distDir, 'index.html'), INDEX_HTML);
    app = await buildTestApp({ webDistDir: distDir }, { serveWeb: true });
    await insertSite(app, {
      domain: 'liebe.example',
      name: 'Liebe',
      domainLanguage: 'de',
      ...siteTextValues(
        {
          index_title: { de: 'Liebe finden in Deutschland', it: 'Trovare l’amore in Germania' },
          description: { de: 'Singles aus deiner Nähe' },
        },
        'de',
      ),
    });
  });
  afterAll(async () => {
    await app.close();
    const fs = await import('node:fs/promises');
    await fs.rm(distDir, { recursive: true, force: true });
  });

  const head = (html: string) => html.slice(0, html.indexOf('</head>'));

  it("says the site's own title and description in its language", async () => {
    const html = (
      await app.inject({ url: '/pages/faq', headers: { host: 'liebe.example', 'accept-language': 'de-DE' } })
    ).body;
    expect(html).toContain('<html lang="de"');
    expect(html).toContain('<title>Liebe finden in Deutschland</title>');
    expect(html).toContain('<meta name="description" content="Singles aus deiner N');
    expect(html).toContain('<link rel="canonical" href="http://liebe.example/pages/faq">');
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    expect(html).toContain('<meta property="og:title" content="Liebe finden in Deutschland">');
  });

  it('says the translated pitch in another language, chosen by ?lang= above the cookie and the browser', async () => {
    const html = (
      await app.inject({
        url: '/pages/faq?lang=fr&x=1',
        headers: { host: 'liebe.example', 'accept-language': 'de', cookie: 'lang=nl' },
      })
    ).body;
    expect(html).toContain('<html lang="fr"');
    expect(html).not.toContain('Liebe finden in Deutschland');
    expect(html).toMatch(/<title>[^<]*Liebe[^<]*<\/title>/);
    expect(html).toContain('<link rel="canonical" href="http://liebe.example/pages/faq?x=1&#38;lang=fr">');
  });

  it("says the site's own title in another language when it has one for it", async () => {
    const html = head((await app.inject({ url: '/?lang=it', headers: { host: 'liebe.example' } })).body);
    expect(html).toContain('<title>Trovare l’amore in Germania</title>');
    // No Italian description: the translated pitch, never the German one.
    expect(html).not.toContain('Singles aus deiner N');
  });

  it('links the page in every interface language and names a default', async () => {
    const html = head((await app.inject({ url: '/', headers: { host: 'liebe.example' } })).body);
    const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)">/g)].map((match) => [
      match[1],
      match[2],
    ]);
    expect(alternates.map(([language]) => language)).toEqual([
      'nl',
      'en',
      'de',
      'it',
      'fr',
      'es',
      'pl',
      'da',
      'fi',
      'nb',
      'sv',
      'en-US',
      'x-default',
    ]);
    expect(alternates).toContainEqual(['de', 'http://liebe.example/?lang=de']);
    expect(alternates).toContainEqual(['x-default', 'http://liebe.example/']);
  });

  it('escapes what the settings say', async () => {
    await insertSite(app, {
      domain: 'evil.example',
      name: 'E',
      domainLanguage: 'en',
      ...siteTextValues(
        {
          index_title: { en: '</title><script>alert(1)</script>' },
          description: { en: '"><script>alert(2)</script>' },
        },
        'en',
      ),
    });
    const html = (await app.inject({ url: '/', headers: { host: 'evil.example', 'accept-language': 'en' } })).body;
    expect(html).not.toContain('<script>alert');
    expect(html).toContain('&#60;/title&#62;&#60;script&#62;alert(1)');
  });
});

describe('/offline.html', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await buildTestApp();
  });
  afterAll(() => app.close());

  it('carries the offline text in every interface language, English shown until its script picks one', async () => {
    const response = await app.inject({ url: '/offline.html' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    const sections = [...response.body.matchAll(/<section lang="([^"]+)"( hidden)?><h1>([^<]+)<\/h1>/g)].map(
      (match) => [match[1], Boolean(match[2]), match[3]],
    );
    expect(sections.map(([language]) => language)).toEqual([
      'nl',
      'en',
      'de',
      'it',
      'fr',
      'es',
      'pl',
      'da',
      'fi',
      'nb',
      'sv',
      'en-US',
    ]);
    expect(sections.filter(([, hidden]) => !hidden)).toEqual([['en', false, 'You are offline']]);
    expect(sections).toContainEqual(['de', true, 'Du bist offline']);
    expect(response.body).toContain('<script src="/offline.js" defer></script>');
    expect(response.body).not.toMatch(/<script>/);
  });
});
