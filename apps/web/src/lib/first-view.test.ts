// @vitest-environment jsdom
// The server's first view: seeding the cache from its state, and giving way to the app's root once the page is ready.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { FIRST_VIEW_CLICKS_GLOBAL, FIRST_VIEW_ID, FIRST_VIEW_STATE_ID } from '@app/contracts';
import { adoptFirstView, elementAt, pathOf, seedFromFirstView } from './first-view.ts';

const PAGE =
  '<div class="layout"><main><h1>Search members</h1><ul><li><a href="/members/1">Anna</a><button type="button">Like</button></li></ul></main></div>';

function setUpPage(state?: unknown) {
  document.body.innerHTML =
    `<div id="${FIRST_VIEW_ID}">${PAGE}</div>` +
    (state === undefined
      ? ''
      : `<script type="application/json" id="${FIRST_VIEW_STATE_ID}">${JSON.stringify(state)}</script>`) +
    `<div id="root">${PAGE}</div>`;
  return { view: document.getElementById(FIRST_VIEW_ID)!, root: document.getElementById('root')! };
}

const nextFrame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));

afterEach(() => {
  document.body.innerHTML = '';
  delete (window as unknown as Record<string, unknown>)[FIRST_VIEW_CLICKS_GLOBAL];
  vi.useRealTimers();
});

describe('seedFromFirstView', () => {
  it('puts the queries the view showed into the cache and removes the state element', () => {
    const server = new QueryClient();
    server.setQueryData(['search', 'list'], { num_results: 2 });
    setUpPage(dehydrate(server));
    const client = new QueryClient();
    expect(seedFromFirstView(client)).toBe(true);
    expect(client.getQueryData(['search', 'list'])).toEqual({ num_results: 2 });
    expect(document.getElementById(FIRST_VIEW_STATE_ID)).toBeNull();
  });

  it("counts the data as fresh from when the page arrived, whatever the server's clock said", () => {
    const server = new QueryClient();
    server.setQueryData(['likes'], { liked: [] }, { updatedAt: Date.now() - 10 * 60_000 });
    setUpPage(dehydrate(server));
    const client = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } });
    const before = Date.now();
    seedFromFirstView(client);
    const state = client.getQueryState(['likes'])!;
    expect(state.dataUpdatedAt).toBeGreaterThanOrEqual(before);
    expect(
      client
        .getQueryCache()
        .find({ queryKey: ['likes'] })!
        .isStaleByTime(30_000),
    ).toBe(false);
  });

  it('does nothing on a page without a first view, or with a broken state', () => {
    setUpPage();
    expect(seedFromFirstView(new QueryClient())).toBe(false);
    document.body.innerHTML = `<script type="application/json" id="${FIRST_VIEW_STATE_ID}">{not json</script>`;
    expect(seedFromFirstView(new QueryClient())).toBe(false);
  });
});

describe('pathOf and elementAt', () => {
  it('find the same element in a copy of the same markup', () => {
    const { view, root } = setUpPage();
    const path = pathOf(view.querySelector('button')!, view);
    expect(path).toEqual([0, 0, 1, 0, 1]);
    expect(elementAt(root, path)).toBe(root.querySelector('button'));
    expect(elementAt(root, [0, 5, 9])).toBeNull();
  });
});

describe('adoptFirstView', () => {
  it('removes the view once no query is fetching, moving focus and pressing the buttons pressed before the app ran', async () => {
    const { view, root } = setUpPage();
    const client = new QueryClient();
    let release: (value: unknown) => void = () => undefined;
    void client.fetchQuery({ queryKey: ['slow'], queryFn: () => new Promise((resolve) => (release = resolve)) });
    (view.querySelector('a') as HTMLElement).focus();
    (window as unknown as Record<string, unknown>)[FIRST_VIEW_CLICKS_GLOBAL] = [
      pathOf(view.querySelector('button')!, view),
    ];
    const pressed = vi.fn();
    root.querySelector('button')!.addEventListener('click', pressed);

    adoptFirstView(client);
    await nextFrame();
    expect(document.getElementById(FIRST_VIEW_ID)).not.toBeNull();

    release({ done: true });
    await vi.waitFor(() => expect(document.getElementById(FIRST_VIEW_ID)).toBeNull());
    expect(document.activeElement).toBe(root.querySelector('a'));
    // The early presses come in a task of their own after the swap (giveWay): wait for it, a loaded machine may run
    // this check between the two.
    await vi.waitFor(() => expect(pressed).toHaveBeenCalled());
    expect(pressed).toHaveBeenCalledTimes(1);
    expect((window as unknown as Record<string, unknown>)[FIRST_VIEW_CLICKS_GLOBAL]).toBeUndefined();
  });

  it("gives what the visitor typed and chose on the view to the app's fields, as typing would", async () => {
    const form =
      '<form><label>Name <input name="q" value=""></label><select name="s"><option value="a" selected>A</option><option value="b">B</option></select><input type="checkbox" name="c"><input name="same" value="kept"></form>';
    document.body.innerHTML = `<div id="${FIRST_VIEW_ID}">${form}</div><div id="root">${form}</div>`;
    const view = document.getElementById(FIRST_VIEW_ID)!;
    const root = document.getElementById('root')!;
    (view.querySelector('input[name="q"]') as HTMLInputElement).value = 'Amsterdam';
    (view.querySelector('select') as HTMLSelectElement).value = 'b';
    (view.querySelector('input[type="checkbox"]') as HTMLInputElement).checked = true;
    const changedFields: string[] = [];
    root.addEventListener('change', (event) => changedFields.push((event.target as HTMLInputElement).name));

    adoptFirstView(new QueryClient());
    await vi.waitFor(() => expect(document.getElementById(FIRST_VIEW_ID)).toBeNull());
    expect((root.querySelector('input[name="q"]') as HTMLInputElement).value).toBe('Amsterdam');
    expect((root.querySelector('select') as HTMLSelectElement).value).toBe('b');
    expect((root.querySelector('input[type="checkbox"]') as HTMLInputElement).checked).toBe(true);
    expect((root.querySelector('input[name="same"]') as HTMLInputElement).value).toBe('kept');
    // Every changed field told its listeners (the checkbox by a click), the untouched one not.
    expect(changedFields.sort()).toEqual(['c', 'q', 's']);
  });

  it('gives way after at most 3 s even while a query is still loading', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    setUpPage();
    const client = new QueryClient();
    void client.fetchQuery({ queryKey: ['never'], queryFn: () => new Promise(() => undefined) });
    adoptFirstView(client);
    vi.advanceTimersByTime(2999);
    await nextFrame();
    expect(document.getElementById(FIRST_VIEW_ID)).not.toBeNull();
    vi.advanceTimersByTime(1);
    await nextFrame();
    expect(document.getElementById(FIRST_VIEW_ID)).toBeNull();
  });

  it('does nothing on a page without a first view', () => {
    document.body.innerHTML = '<div id="root"></div>';
    expect(() => adoptFirstView(new QueryClient())()).not.toThrow();
  });
});
