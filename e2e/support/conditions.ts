// Waits on conditions, never on time, for checks that something does NOT happen: a fixed pause passes when the
// thing happens just after it, so these wait for a signal that the page has reacted, then check.
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { FIRST_VIEW_ID, SITE_ENTRY_VIEW_ID } from '@app/contracts';

/** Resolves after the browser has painted two more frames: React has committed every update scheduled before. */
export async function nextFrames(page: Page): Promise<void> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/**
 * Does `attempt` (Escape, a click outside) on a modal that must not close, and checks that it stayed open.
 * A react-bootstrap modal with a static backdrop answers a refused Escape or backdrop click with its "static"
 * bounce (class `modal-static` for one transition): waiting for that bounce to start and end proves the attempt
 * reached the modal and was refused; a modal that closed instead never bounces, and the wait fails.
 */
export async function expectModalStaysOpen(dialog: Locator, attempt: () => Promise<void>): Promise<void> {
  await dialog.evaluate((element) => {
    const target = element as HTMLElement & { bounces?: number };
    target.bounces = 0;
    new MutationObserver(() => {
      if (element.classList.contains('modal-static')) target.bounces = (target.bounces ?? 0) + 1;
    }).observe(element, { attributes: true, attributeFilter: ['class'] });
  });
  await attempt();
  await expect
    .poll(() => dialog.evaluate((element) => (element as HTMLElement & { bounces?: number }).bounces ?? 0))
    .toBeGreaterThan(0);
  await expect.poll(() => dialog.evaluate((element) => element.classList.contains('modal-static'))).toBe(false);
  expect(await dialog.isVisible()).toBe(true);
}

/**
 * Waits until the app has taken over a page whose first view the server wrote (docs/first-view.md): it starts by itself
 * a few seconds after load (or on a touch). The server's copy of the entry warning goes too (the app's modal takes its
 * place once the app has painted). Nothing to wait for on other pages.
 */
export async function appHasTakenOver(page: Page): Promise<void> {
  await page.locator(`#${FIRST_VIEW_ID}`).waitFor({ state: 'detached', timeout: 20_000 });
  await page.locator(`#${SITE_ENTRY_VIEW_ID}`).waitFor({ state: 'detached', timeout: 10_000 });
}
