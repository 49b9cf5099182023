// Screenshots of every screen for review (`npm run screens`; not a test, nothing is asserted): starts the built server
// on a throw-away database with demo data, builds two members who match, chat and bought credits (the same world the
// accessibility check visits, e2e/support/axe-world.ts), and renders each screen at 390 and 1280 px in English and
// German into test-results/screens/<locale>-<width>-<screen>.png (full page).
//   --only=<name,name>   only these screens (names as in SCREENS), e.g. --only=home,chat
//   --locales=en,de      which interface languages (default en,de)
//   --widths=390,1280    which viewport widths (default 390,1280)
//   CHROMIUM_PATH        the browser (default /usr/bin/chromium)
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, request as playwrightRequest, type Browser } from 'playwright-core';
import { waitForScreen } from '../../e2e/support/axe.ts';
import {
  SCREENS,
  buildWorld,
  signupWalker,
  type Screen,
  type StorageState,
  type World,
} from '../../e2e/support/axe-world.ts';
import { stop } from '../support/processes.ts';
import { root, startApp } from '../support/web-app.ts';

const outDir = path.join(root, 'test-results/screens');
const webDist = path.join(root, 'apps/web/dist');
const CHROMIUM = process.env.CHROMIUM_PATH?.trim() || '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
const DEMO_MEMBERS = 60;
/** The tallest picture taken; longer pages are cut there. */
const MAX_HEIGHT = 9000;

const viewportHeight = (width: number) => (width < 992 ? 844 : 900);

function option(name: string): string[] | undefined {
  const arg = process.argv.find((entry) => entry.startsWith(`--${name}=`));
  return arg
    ? arg
        .slice(name.length + 3)
        .split(',')
        .map((value) => value.trim())
        .filter(Boolean)
    : undefined;
}

const LOCALES = option('locales') ?? ['en', 'de'];
const WIDTHS = (option('widths') ?? ['390', '1280']).map(Number);
const ONLY = option('only');

/** A member's interface language is the account's: save it, as the language switcher does. */
async function setAccountLanguage(baseURL: string, storageState: StorageState, language: string): Promise<void> {
  const api = await playwrightRequest.newContext({
    baseURL,
    storageState,
    extraHTTPHeaders: { 'Request-Type': 'client' },
  });
  const response = await api.put('/api/user.php', { data: { language } });
  await api.dispose();
  if (!response.ok()) throw new Error(`PUT user.php language answered ${response.status()}`);
}

async function shoot(
  browser: Browser,
  world: World,
  screen: Screen,
  locale: string,
  width: number,
  storageState: StorageState | undefined,
): Promise<string> {
  const context = await browser.newContext({
    baseURL: world.baseURL,
    viewport: { width, height: viewportHeight(width) },
    deviceScaleFactor: 1,
    locale,
    storageState,
    reducedMotion: 'reduce',
  });
  await context.addCookies([{ name: 'lang', value: locale, url: world.baseURL }]);
  if (!screen.showsEntryWarning) {
    await context.addInitScript(() => {
      try {
        window.localStorage.setItem('site_entry_warning_dismissed_at', String(Date.now()));
      } catch {
        // frames without storage
      }
    });
  }
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(screen.path(world));
  await waitForScreen(page);
  if (screen.showsEntryWarning)
    await page
      .getByRole('dialog')
      .waitFor({ timeout: 10_000 })
      .catch(() => undefined);
  const file = path.join(outDir, `${locale}-${width}-${screen.name}.png`);
  // The whole page in one picture: the viewport grows to the page's height (so bars fixed to the bottom sit at the
  // bottom, where a phone shows them, not half-way down); a modal screen stays one viewport high.
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  if (!screen.showsEntryWarning && height > viewportHeight(width)) {
    await page.setViewportSize({ width, height: Math.min(height, MAX_HEIGHT) });
    await waitForScreen(page);
  }
  await page.screenshot({ path: file });
  await context.close();
  return errors.length ? ` (page errors: ${errors.join('; ').slice(0, 200)})` : '';
}

async function main(): Promise<void> {
  if (!fs.existsSync(path.join(webDist, 'index.html')))
    throw new Error('The web app is not built: run "npm run build" first.');
  const screens = ONLY ? SCREENS.filter((screen) => ONLY.includes(screen.name)) : SCREENS;
  if (ONLY && screens.length !== ONLY.length)
    throw new Error(`unknown screen in --only; known: ${SCREENS.map((screen) => screen.name).join(', ')}`);
  fs.mkdirSync(outDir, { recursive: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'screens-data-'));
  // A copy of the current build: a build made meanwhile (which retires old releases) cannot pull assets from under it.
  const webDir = path.join(dataDir, 'web');
  fs.cpSync(fs.realpathSync(webDist), webDir, { recursive: true });
  // Ready once its demo members are seeded.
  const app = await startApp({ dataDir, dist: webDir, demoMembers: DEMO_MEMBERS, rateLimitFactor: 50 });
  const baseURL = app.baseUrl;
  let browser: Browser | undefined;
  try {
    console.log(`server at ${baseURL} with ${DEMO_MEMBERS} demo members`);
    const world = await buildWorld(baseURL);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS });
    let count = 0;
    for (const locale of LOCALES) {
      await setAccountLanguage(baseURL, world.member.storageState, locale);
      const signup = signupWalker(baseURL);
      for (const screen of screens) {
        let storageState: StorageState | undefined;
        if (screen.audience === 'member') storageState = world.member.storageState;
        if (screen.audience === 'signup') {
          storageState = await signup.at(screen.signupStep!);
          await setAccountLanguage(baseURL, storageState, locale);
        }
        for (const width of WIDTHS) {
          const note = await shoot(browser, world, screen, locale, width, storageState);
          count += 1;
          console.log(`${locale}-${width}-${screen.name}.png${note}`);
        }
      }
      await signup.dispose();
    }
    console.log(`\n${count} screenshots in ${path.relative(root, outDir)}/`);
  } finally {
    await browser?.close();
    await stop(app.process);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
