// Cumulative layout shift as the browser reports it (PerformanceObserver 'layout-shift', installed before the page's
// scripts), counted as web-vitals and Lighthouse count it: the largest session window of shifts less than 1 s apart
// and at most 5 s long, shifts right after input left out. bench/web prints the same figure for every main page (it
// imports this file).
import type { BrowserContext, Page } from 'playwright-core';

export type LayoutShift = { time: number; value: number; sources: string[] };

// A string, so nothing the test runner's transform adds to functions reaches the page.
const OBSERVER_SCRIPT = `
(() => {
  const shifts = [];
  window.__layoutShifts = shifts;
  const describe = (node) => {
    if (!(node instanceof Element)) return node ? node.nodeName.toLowerCase() : '(removed)';
    const classes = [...node.classList].slice(0, 3).map((name) => '.' + name).join('');
    return node.tagName.toLowerCase() + (node.id ? '#' + node.id : '') + classes;
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      shifts.push({ time: entry.startTime, value: entry.value, sources: (entry.sources || []).map((source) => describe(source.node)) });
    }
  }).observe({ type: 'layout-shift', buffered: true });
})();
`;

/** Call before the first navigation of the context. */
export async function recordLayoutShifts(context: BrowserContext): Promise<void> {
  await context.addInitScript({ content: OBSERVER_SCRIPT });
}

export function cumulativeLayoutShift(shifts: LayoutShift[]): number {
  let worst = 0;
  let current = 0;
  let windowStart = 0;
  let previous = -Infinity;
  for (const shift of shifts) {
    if (shift.time - previous > 1000 || shift.time - windowStart > 5000) {
      current = 0;
      windowStart = shift.time;
    }
    current += shift.value;
    previous = shift.time;
    worst = Math.max(worst, current);
  }
  return worst;
}

/** The shifts so far, after two more frames (React has committed what it scheduled). */
export async function readLayoutShifts(page: Page): Promise<LayoutShift[]> {
  await page.evaluate(
    () => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))),
  );
  return page.evaluate(() => (window as Window & { __layoutShifts?: LayoutShift[] }).__layoutShifts ?? []);
}
