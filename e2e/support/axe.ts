// Accessibility checks on a rendered screen: axe-core's serious and critical violations, and a keyboard walk that
// tabs through every interactive element and checks each shows a visible focus indicator.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

/** WCAG 2.0-2.2 A and AA rules plus axe's best practices; only serious and critical findings fail. */
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];
const FAILING_IMPACTS = new Set(['serious', 'critical']);

/** Waits until the screen has its data: no network for a moment, no skeleton or spinner, fonts and images loaded. */
export async function waitForScreen(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle').catch(() => undefined);
  await page
    .waitForFunction(
      () =>
        // A server-written first view (docs/first-view.md) has given way to the app, which starts by itself after load:
        // the keyboard walk's first key would otherwise start it midway.
        !document.getElementById('first-view') &&
        !document.querySelector('[aria-busy="true"], .spinner-border, .loading-bar[aria-hidden="false"]') &&
        Array.from(document.images).every((image) => image.complete),
      undefined,
      { timeout: 15_000, polling: 100 },
    )
    .catch(() => undefined);
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
  // Two frames: React has committed what the last answers scheduled.
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
}

/** The serious and critical axe violations of the page as readable lines (empty when there are none). */
export async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  return results.violations
    .filter((violation) => FAILING_IMPACTS.has(violation.impact ?? ''))
    .flatMap((violation) =>
      violation.nodes.slice(0, 5).map((node) => {
        const why = node.failureSummary?.replace(/^Fix (any|all) of the following:\s*/i, '').replace(/\s+/g, ' ') ?? '';
        return `${violation.impact} ${violation.id}: ${node.target.join(' ')} ${node.html.replace(/\s+/g, ' ').slice(0, 160)} — ${why}`;
      }),
    );
}

export type KeyboardWalk = {
  /** Short descriptions of the elements reached, in Tab order. */
  reached: string[];
  /** Whether Tab came back round (to the page or the first element) before `maxTabs`. */
  isComplete: boolean;
  /** Focused elements without a visible focus indicator, elements Tab never reached, focus on something invisible. */
  problems: string[];
};

/**
 * Presses Tab from the top of the page until focus comes back round (or `maxTabs`), and checks each focused element:
 * it is visible, and focus shows: an outline or box-shadow on it (or its label, for a visually hidden input; or its
 * ::before/::after), or on one of its three nearest ancestors (a ring around a card), that goes once focus moves on. When the walk completes, every visible
 * interactive element that was there when the walk began must have been reached (radio groups count once; cards an
 * infinite list adds meanwhile belong to the next lap).
 */
export async function walkKeyboard(page: Page, maxTabs = 120): Promise<KeyboardWalk> {
  await page.evaluate(() => {
    // Start above the first element, as a keyboard user arriving on the page does.
    (document.activeElement as HTMLElement | null)?.blur?.();
    window.scrollTo(0, 0);
    const state = {
      // What is there when the walk starts. A page that loads more as its end approaches (discovery's infinite list)
      // adds cards while focus is already past them: those are the next lap's, not unreachable ones.
      atStart: new Set(
        document.querySelectorAll(
          'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex], [contenteditable="true"]',
        ),
      ),
      seen: [] as Element[],
      previous: null as Element | null,
      previousRing: '',
      previousLook: '',
      problems: [] as string[],
      reached: [] as string[],
    };
    (window as unknown as { __keyboardWalk: typeof state }).__keyboardWalk = state;
  });
  let isComplete = false;
  for (let index = 0; index < maxTabs; index += 1) {
    await page.keyboard.press('Tab');
    const step = await page.evaluate(() => {
      type State = {
        seen: Element[];
        previous: Element | null;
        previousRing: string;
        previousLook: string;
        problems: string[];
        reached: string[];
      };
      const state = (window as unknown as { __keyboardWalk: State }).__keyboardWalk;

      const describe = (element: Element): string => {
        const name = (
          element.getAttribute('aria-label') ||
          (element as HTMLElement).innerText ||
          element.getAttribute('title') ||
          element.getAttribute('name') ||
          ''
        )
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 50);
        const id = element.id ? `#${element.id}` : '';
        const classes =
          typeof element.className === 'string' && element.className
            ? `.${element.className.trim().split(/\s+/).slice(0, 3).join('.')}`
            : '';
        return `<${element.tagName.toLowerCase()}${id}${classes}> "${name}"`;
      };
      // A visually hidden input (Bootstrap's btn-check, a custom switch) shows its focus on its label.
      const ringOwner = (element: Element): Element => {
        if (element instanceof HTMLInputElement) {
          const box = element.getBoundingClientRect();
          const style = getComputedStyle(element);
          const isHidden =
            box.width < 2 ||
            box.height < 2 ||
            style.opacity === '0' ||
            style.clip === 'rect(0px, 0px, 0px, 0px)' ||
            style.clipPath === 'inset(50%)';
          if (isHidden && element.labels?.[0]) return element.labels[0];
        }
        return element;
      };
      const isTransparent = (color: string) => /rgba\([^)]*,\s*0\)|transparent/.test(color);
      const ringOf = (element: Element): string =>
        [null, '::before', '::after']
          .map((pseudo) => {
            const style = getComputedStyle(element, pseudo);
            const outline =
              style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 && !isTransparent(style.outlineColor)
                ? `outline ${style.outlineStyle} ${style.outlineWidth} ${style.outlineColor} ${style.outlineOffset}`
                : '';
            const shadows =
              style.boxShadow === 'none'
                ? []
                : style.boxShadow.split(/,(?![^(]*\))/).filter((shadow) => !isTransparent(shadow));
            return [outline, ...shadows].filter(Boolean).join(' + ');
          })
          .join(' | ');
      const hasRing = (ring: string) => ring.replace(/[ |]/g, '') !== '';
      // What focus may change: the element (or its label) and, for a ring drawn around a card or a field group
      // (`.card:has(a:focus-visible)`), its nearest ancestors.
      const lookOf = (element: Element): string => {
        const parts = [ringOf(element)];
        for (
          let parent = element.parentElement, depth = 0;
          parent && depth < 3;
          parent = parent.parentElement, depth += 1
        )
          parts.push(ringOf(parent));
        return parts.join(' / ');
      };

      // The element focus just left: its look must change back now that it is not focused.
      if (state.previous) {
        const owner = ringOwner(state.previous);
        const isUnchanged = lookOf(owner) === state.previousLook;
        if (isUnchanged && !hasRing(state.previousRing))
          state.problems.push(`no visible focus indicator (outline or box-shadow): ${describe(state.previous)}`);
        else if (isUnchanged)
          state.problems.push(
            `no visible focus change: ${describe(state.previous)} looks the same focused and unfocused (${state.previousRing})`,
          );
        state.previous = null;
      }
      const active = document.activeElement;
      if (!active || active === document.body || active === document.documentElement)
        return { done: state.seen.length > 0 };
      if (state.seen.includes(active)) return { done: true };
      state.seen.push(active);
      // A container a focus trap or a route change focused (tabindex -1: a modal, a heading) is no control to ring.
      if ((active as HTMLElement).tabIndex < 0 && !active.matches('input, select, textarea, button, a[href]'))
        return { done: false };
      state.reached.push(describe(active));
      const owner = ringOwner(active);
      const box = owner.getBoundingClientRect();
      const style = getComputedStyle(owner);
      if (box.width === 0 || box.height === 0 || style.visibility === 'hidden')
        state.problems.push(`focus on an invisible element: ${describe(active)}`);
      state.previousRing = ringOf(owner);
      state.previousLook = lookOf(owner);
      state.previous = active;
      return { done: false };
    });
    if (step.done) {
      isComplete = true;
      break;
    }
  }
  return page.evaluate((complete) => {
    type State = { atStart: Set<Element>; seen: Element[]; problems: string[]; reached: string[] };
    const state = (window as unknown as { __keyboardWalk: State }).__keyboardWalk;
    const problems = [...state.problems];
    if (complete) {
      const selector =
        'a[href], button, input:not([type="hidden"]), select, textarea, summary, [tabindex], [contenteditable="true"]';
      // Behind an open modal dialog nothing is reachable, by design: only the dialog's controls count.
      const dialogs = Array.from(document.querySelectorAll('[aria-modal="true"]')).filter((dialog) =>
        (dialog as HTMLElement).checkVisibility(),
      );
      const scope: ParentNode = dialogs.at(-1) ?? document;
      const radioGroupsSeen = new Set(
        state.seen
          .filter((element) => element instanceof HTMLInputElement && element.type === 'radio')
          .map((element) => (element as HTMLInputElement).name),
      );
      for (const element of Array.from(scope.querySelectorAll<HTMLElement>(selector))) {
        if (state.seen.includes(element) || element.tabIndex < 0 || (element as HTMLButtonElement).disabled) continue;
        if (!state.atStart.has(element)) continue;
        if (element.closest('[inert], [aria-hidden="true"]')) continue;
        if (!element.checkVisibility({ visibilityProperty: true })) continue;
        if (element instanceof HTMLInputElement && element.type === 'radio' && radioGroupsSeen.has(element.name))
          continue;
        const name = (element.getAttribute('aria-label') || element.innerText || element.getAttribute('name') || '')
          .replace(/\s+/g, ' ')
          .trim()
          .slice(0, 50);
        problems.push(`not reachable with Tab: <${element.tagName.toLowerCase()}> "${name}"`);
      }
    }
    return { reached: state.reached, isComplete: complete, problems };
  }, isComplete);
}
