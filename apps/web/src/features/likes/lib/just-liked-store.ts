// The members liked a moment ago (docs/design-system.md, motion): their like buttons pop once. Kept outside the button
// because lists re-key the button when its liked state changes (a new element shows the liked heart), and for a moment
// only: a button mounted later (another screen) shows the heart still.
import { create } from 'zustand';

/** Long enough for the answer to arrive and the liked button to mount; short enough that no later screen pops. */
const POP_WINDOW_MS = 1500;

const useJustLikedStore = create<{ ids: ReadonlySet<number> }>()(() => ({ ids: new Set() }));

const withoutId = (ids: ReadonlySet<number>, id: number) => new Set([...ids].filter((other) => other !== id));

/** A like just went through: the member's heart pops wherever it is shown now. */
export function markJustLiked(id: number): void {
  useJustLikedStore.setState((state) => ({ ids: new Set(state.ids).add(id) }));
  setTimeout(() => clearJustLiked(id), POP_WINDOW_MS);
}

/** The pop has run (or the like was taken back). */
export function clearJustLiked(id: number): void {
  if (useJustLikedStore.getState().ids.has(id))
    useJustLikedStore.setState((state) => ({ ids: withoutId(state.ids, id) }));
}

export const useIsJustLiked = (id: number) => useJustLikedStore((state) => state.ids.has(id));
