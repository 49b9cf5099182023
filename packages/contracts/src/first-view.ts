// A page's first view written by the server (docs/first-view.md): the ids the server's HTML and the web app agree on.

/** The element holding the server-rendered view; the app's root is hidden while it is there. */
export const FIRST_VIEW_ID = 'first-view';
/** The JSON script element with the queries the view showed (TanStack Query's dehydrated state). */
export const FIRST_VIEW_STATE_ID = 'first-view-state';
/** Where the page's inline script keeps the buttons pressed before the app ran (as child-index paths), for the app to press again. */
export const FIRST_VIEW_CLICKS_GLOBAL = '__firstViewClicks';
/** A link whose plain click the app handles itself (the signup link opens a modal): pressed again like a button. */
export const FIRST_VIEW_REPLAY_ATTRIBUTE = 'data-replay-click';
/**
 * Set by the page's inline script on a button pressed before the app ran: the view shows it pressed at once (the tap's
 * first visible response), and the app presses it again on its copy when it takes over.
 */
export const FIRST_VIEW_PRESSED_ATTRIBUTE = 'data-pressed-early';
