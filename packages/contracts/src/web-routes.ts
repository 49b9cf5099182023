// The web app's route table, shared by the app (config/paths.ts, app/router.tsx) and the server, which answers a path
// no route shows with HTTP 404 (web-route-match.ts, plugins/web.plugin.ts; docs/web-shell.md, "Unknown pages").
// Constants only, no zod: the app's first chunk imports this file.

/** The static pages, `/pages/{page}`. */
export const STATIC_PAGES = ['ban', 'cookies', 'faq', 'privacy', 'return-policy', 'service', 'terms'] as const;
export type StaticPage = (typeof STATIC_PAGES)[number];

export function isStaticPage(value: string | undefined): value is StaticPage {
  return (STATIC_PAGES as readonly string[]).includes(value ?? '');
}

/** The like lists, each a tab of its own: `/likes/{type}` (and the `type` of likes-list.php). */
export const LIKE_LIST_TYPES = ['liked', 'liked-by', 'matches'] as const;
export type LikeListType = (typeof LIKE_LIST_TYPES)[number];

export function isLikeListType(value: string | undefined): value is LikeListType {
  return (LIKE_LIST_TYPES as readonly string[]).includes(value ?? '');
}

/**
 * Every path pattern of the app's routes, in React Router's syntax (`:param`, `:param?`, a trailing `*`). The
 * router's catch-all (`*`, the 404 page) is not one of them.
 */
export const WEB_ROUTE_PATHS = {
  index: '/',
  likes: '/likes',
  likesType: '/likes/:type',
  likesMId: '/likes/m/:id',
  visitors: '/visitors',
  chats: '/chats',
  chatsId: '/chats/:id',
  members: '/members',
  membersId: '/members/:id',
  membersIdChat: '/members/:id/chat',
  membersIdLanding: '/members/:id/landing',
  membersIdSignup: '/members/:id/signup',
  membersIdLanding2: '/members/:id/landing2/:slug?',
  membersIdLanding3: '/members/:id/landing3/:slug?',
  accountDeleted: '/account-deleted',
  complaints: '/complaints',
  completeSignup: '/complete-signup',
  directdebit: '/directdebit',
  langConfig: '/lang-config',
  login: '/login',
  matchFinder: '/match-finder',
  notifications: '/notifications',
  premium: '/premium',
  pricing: '/pricing',
  profile: '/profile',
  resetPassword: '/reset-password',
  resetPasswordDo: '/reset-password/do',
  signup: '/signup',
  signupMatches: '/signup-matches',
  swipeGame: '/swipe-game',
  credits: '/credits',
  creditsRepeatOrder: '/credits/repeat-order',
  creditsIdPaymentmethod: '/credits/:id/:paymentmethod?',
  transactions: '/transactions/:id?',
  activate: '/activate',
  activateDone: '/activate/done',
  activateError: '/activate/error',
  mailChangeDo: '/mail-change/do',
  devMailbox: '/dev/mailbox',
  staticPage: '/pages/:page',
  token: '/:token',
  landerTinderswipe: '/landers/tinderswipe',
  lander: '/landers/:lander/:slug?',
  staffConsole: '/admin/*',
} as const;
export type WebRouteName = keyof typeof WEB_ROUTE_PATHS;
