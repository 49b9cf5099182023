// A page's first view written by the server (docs/first-view.md): the queries it showed seed the app's cache before the
// app asks for anything, and once the app has rendered the same page the view gives way to the app's root, the focus
// and the buttons pressed before the app ran carried over.
import { hydrate, type DehydratedState, type QueryClient } from '@tanstack/react-query';
import { FIRST_VIEW_CLICKS_GLOBAL, FIRST_VIEW_ID, FIRST_VIEW_STATE_ID } from '@app/contracts';

/** The longest the view waits for the app's queries before giving way anyway (the app shows its own loading state). */
const MAX_WAIT_MS = 3000;

/** Seeds `queryClient` with the queries the server's view showed; false on a page without one. */
export function seedFromFirstView(queryClient: QueryClient): boolean {
  const element = document.getElementById(FIRST_VIEW_STATE_ID);
  if (!element?.textContent) return false;
  try {
    const state = JSON.parse(element.textContent) as DehydratedState;
    // The data came with this page: fresh as of now on this browser's clock (the server's clock may differ, and a
    // visitor's view may have been kept a few seconds), so no query asks again for what the page carried.
    const now = Date.now();
    for (const query of state.queries) query.state.dataUpdatedAt = now;
    hydrate(queryClient, state);
  } catch {
    return false;
  } finally {
    element.remove();
  }
  return true;
}

/** Child indexes from `container` down to `element` (the server's view and the app's root hold the same markup). */
export function pathOf(element: Element, container: Element): number[] {
  const path: number[] = [];
  for (let node: Element | null = element; node && node !== container; node = node.parentElement) {
    path.unshift(node.parentElement ? Array.prototype.indexOf.call(node.parentElement.children, node) : 0);
  }
  return path;
}

export function elementAt(container: Element, path: readonly number[]): HTMLElement | null {
  let node: Element | undefined = container;
  for (const index of path) node = node?.children[index];
  return node instanceof HTMLElement ? node : null;
}

/** Whether the visitor changed a field of the view (typed, picked, ticked) before the app ran. */
function isChanged(field: HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement): boolean {
  if (field instanceof HTMLSelectElement)
    return [...field.options].some((option) => option.selected !== option.defaultSelected);
  if (field instanceof HTMLInputElement && (field.type === 'checkbox' || field.type === 'radio'))
    return field.checked !== field.defaultChecked;
  return field.value !== field.defaultValue;
}

/**
 * What the visitor typed or chose on the view, given to the app's copies of those fields the way typing would (the
 * native value setter, then input and change events, which React's controlled fields listen to). Every copy is found
 * before any is changed: a change may re-render the form (a country without regions loses the region row).
 */
function carryOverFields(view: HTMLElement, root: HTMLElement): void {
  const changed = [
    ...view.querySelectorAll<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>('input, select, textarea'),
  ]
    .filter(isChanged)
    .map((field) => ({ field, copy: elementAt(root, pathOf(field, view)) }));
  for (const { field, copy } of changed) {
    if (!copy?.isConnected || copy.tagName !== field.tagName) continue;
    if (
      copy instanceof HTMLInputElement &&
      field instanceof HTMLInputElement &&
      (field.type === 'checkbox' || field.type === 'radio')
    ) {
      if (copy.checked !== field.checked) copy.click();
      continue;
    }
    const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(copy) as object, 'value')?.set;
    setter?.call(copy, field.value);
    copy.dispatchEvent(new Event('input', { bubbles: true }));
    copy.dispatchEvent(new Event('change', { bubbles: true }));
  }
}

type ClickQueue = number[][];
const clickQueue = () => (window as unknown as Record<string, ClickQueue | undefined>)[FIRST_VIEW_CLICKS_GLOBAL];

/**
 * The view goes and the root shows in its place: same page, same scroll; what was typed, the focus and the early presses
 * move to the root's copies.
 */
function giveWay(view: HTMLElement, root: HTMLElement): void {
  const active = document.activeElement;
  // Found in the app's copy before anything changes it (see carryOverFields).
  const focusTarget = active && active !== view && view.contains(active) ? elementAt(root, pathOf(active, view)) : null;
  const pressed = (clickQueue() ?? []).map((path) => elementAt(root, path));
  (window as unknown as Record<string, unknown>)[FIRST_VIEW_CLICKS_GLOBAL] = undefined;
  carryOverFields(view, root);
  view.remove();
  focusTarget?.focus({ preventScroll: true });
  // In a task of their own: React has rendered what the carried-over fields changed (a Search pressed on the view
  // searches for what was chosen there).
  if (pressed.length > 0) setTimeout(() => pressed.forEach((element) => element?.isConnected && element.click()), 0);
}

/**
 * Called once the app's router has rendered the page: when its queries have settled (they usually start settled,
 * seeded from the view), the next frame swaps the view for the root. Returns a cancel function.
 */
export function adoptFirstView(queryClient: QueryClient): () => void {
  const view = document.getElementById(FIRST_VIEW_ID);
  const root = document.getElementById('root');
  if (!view || !root) return () => undefined;
  let frame = 0;
  const swap = () => {
    unsubscribe();
    clearTimeout(timer);
    frame = requestAnimationFrame(() => giveWay(view, root));
  };
  const unsubscribe = queryClient.getQueryCache().subscribe(() => {
    if (queryClient.isFetching() === 0) swap();
  });
  const timer = setTimeout(swap, MAX_WAIT_MS);
  if (queryClient.isFetching() === 0) swap();
  return () => {
    unsubscribe();
    clearTimeout(timer);
    cancelAnimationFrame(frame);
  };
}
