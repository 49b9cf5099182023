// Accessibility of every screen (issue 11): axe finds no serious or critical violation at 390 and 1280 px, and a
// keyboard user reaches every interactive element with Tab and sees where focus is (outline or box-shadow).
// The screens and the data behind them: support/axe-world.ts; the checks: support/axe.ts. `npm test` checks the
// representative screens, `npm run test:full` all of them (support/matrix.ts).
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { walkKeyboard, seriousViolations, waitForScreen } from './support/axe.ts';
import { SCREENS, buildWorld, signupWalker, type Screen, type StorageState, type World } from './support/axe-world.ts';
import { useBrowser } from './support/browser.ts';
import { acceptSiteEntryWarningBeforehand } from './support/site.ts';
import { matrix } from './support/matrix.ts';

const session = useBrowser();

const WIDTHS = [390, 1280] as const;
/** The keyboard walk runs at the desktop width, where keyboard users are; the phone layout is checked by axe. */
const KEYBOARD_WIDTH = 1280;

let world: World;
const signup = signupWalker(session.baseURL);

beforeAll(async () => {
  world = await buildWorld(session.baseURL);
}, 240_000);

afterAll(() => signup.dispose());

async function openScreen(screen: Screen, width: number): Promise<Page> {
  let storageState: StorageState | undefined;
  if (screen.audience === 'member') storageState = world.member.storageState;
  if (screen.audience === 'signup') storageState = await signup.at(screen.signupStep!);
  const page = await session.newPage({
    viewport: { width, height: width < 992 ? 844 : 900 },
    storageState,
    reducedMotion: 'reduce',
  });
  if (!screen.showsEntryWarning) await acceptSiteEntryWarningBeforehand(page.context());
  await page.goto(screen.path(world));
  await waitForScreen(page);
  if (screen.showsEntryWarning) await page.getByRole('dialog').waitFor();
  return page;
}

async function checkScreen(screen: Screen): Promise<string[]> {
  const findings: string[] = [];
  for (const width of WIDTHS) {
    const page = await openScreen(screen, width);
    findings.push(...(await seriousViolations(page)).map((line) => `${width} px: ${line}`));
    if (width === KEYBOARD_WIDTH) {
      const walk = await walkKeyboard(page);
      expect(walk.reached.length, `${screen.name}: Tab reaches nothing`).toBeGreaterThan(0);
      findings.push(...walk.problems.map((line) => `${width} px keyboard: ${line}`));
    }
    await page.context().close();
  }
  return findings;
}

for (const audience of ['visitor', 'signup', 'member'] as const) {
  describe(`${audience} screens`, () => {
    for (const screen of matrix(SCREENS, (entry) => Boolean(entry.representative)).filter(
      (entry) => entry.audience === audience,
    )) {
      test(`${screen.name}: no serious or critical axe violation, every element reachable by Tab with a visible focus ring`, async () => {
        expect(await checkScreen(screen)).toEqual([]);
      }, 150_000);
    }
  });
}
