// Every route of SPEC section 2 in one map: `path` for the router, `getHref` for links.
export const LANDER_NAMES = [
  'alonetonight',
  'collagelanding',
  'gallery',
  'iconslanding',
  'maplanding',
  'socialnetwork',
  'transitionsvideolanding',
  'video',
] as const;
export const STATIC_PAGES = ['ban', 'cookies', 'faq', 'privacy', 'return-policy', 'service', 'terms'] as const;
export type StaticPage = (typeof STATIC_PAGES)[number];

export const paths = {
  index: { path: '/', getHref: () => '/' },
  likes: { path: '/likes', getHref: () => '/likes' },
  likesType: { path: '/likes/:type', getHref: (type: string) => `/likes/${type}` },
  likesMId: { path: '/likes/m/:id', getHref: (id: number | string) => `/likes/m/${id}` },
  chats: { path: '/chats', getHref: () => '/chats' },
  chatsId: { path: '/chats/:id', getHref: (id: number | string) => `/chats/${id}` },
  members: { path: '/members', getHref: () => '/members' },
  membersId: { path: '/members/:id', getHref: (id: number | string) => `/members/${id}` },
  membersIdChat: { path: '/members/:id/chat', getHref: (id: number | string) => `/members/${id}/chat` },
  membersIdLanding: { path: '/members/:id/landing', getHref: (id: number | string) => `/members/${id}/landing` },
  membersIdSignup: { path: '/members/:id/signup', getHref: (id: number | string) => `/members/${id}/signup` },
  membersIdLanding2: {
    path: '/members/:id/landing2/:slug?',
    getHref: (id: number | string, slug = '') => `/members/${id}/landing2${slug ? `/${slug}` : ''}`,
  },
  membersIdLanding3: {
    path: '/members/:id/landing3/:slug?',
    getHref: (id: number | string, slug = '') => `/members/${id}/landing3${slug ? `/${slug}` : ''}`,
  },
  accountDeleted: { path: '/account-deleted', getHref: () => '/account-deleted' },
  complaints: { path: '/complaints', getHref: () => '/complaints' },
  completeSignup: { path: '/complete-signup', getHref: () => '/complete-signup' },
  directdebit: { path: '/directdebit', getHref: () => '/directdebit' },
  langConfig: { path: '/lang-config', getHref: () => '/lang-config' },
  login: {
    path: '/login',
    getHref: (redirectTo?: string) => `/login${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`,
  },
  matchFinder: { path: '/match-finder', getHref: () => '/match-finder' },
  /** SPEC: the notification settings screen is named notifications; "settings" links here. */
  notifications: { path: '/notifications', getHref: () => '/notifications' },
  premium: { path: '/premium', getHref: () => '/premium' },
  pricing: { path: '/pricing', getHref: () => '/pricing' },
  profile: { path: '/profile', getHref: () => '/profile' },
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  resetPasswordDo: { path: '/reset-password/do', getHref: () => '/reset-password/do' },
  signup: { path: '/signup', getHref: () => '/signup' },
  signupMatches: { path: '/signup-matches', getHref: () => '/signup-matches' },
  swipeGame: { path: '/swipe-game', getHref: () => '/swipe-game' },
  credits: { path: '/credits', getHref: () => '/credits' },
  creditsRepeatOrder: { path: '/credits/repeat-order', getHref: () => '/credits/repeat-order' },
  creditsIdPaymentmethod: {
    path: '/credits/:id/:paymentmethod?',
    getHref: (id: number | string, method = '') => `/credits/${id}${method ? `/${method}` : ''}`,
  },
  transactions: {
    path: '/transactions/:id?',
    getHref: (id: number | string = '') => `/transactions${id ? `/${id}` : ''}`,
  },
  /** The activation mail's link target (`?token=`); it forwards to activateDone or activateError. */
  activate: {
    path: '/activate',
    getHref: (token?: string) => `/activate${token ? `?token=${encodeURIComponent(token)}` : ''}`,
  },
  activateDone: { path: '/activate/done', getHref: () => '/activate/done' },
  activateError: { path: '/activate/error', getHref: () => '/activate/error' },
  mailChangeDo: { path: '/mail-change/do', getHref: () => '/mail-change/do' },
  /** Development only: the mailbox of mails not sent without SMTP (the route shows 404 when the API has none). */
  devMailbox: { path: '/dev/mailbox', getHref: () => '/dev/mailbox' },
  staticPage: { path: '/pages/:page', getHref: (page: StaticPage) => `/pages/${page}` },
  token: { path: '/:token', getHref: (token: string) => `/${token}` },
  landerTinderswipe: { path: '/landers/tinderswipe', getHref: () => '/landers/tinderswipe' },
  lander: {
    path: '/landers/:lander/:slug?',
    getHref: (lander: (typeof LANDER_NAMES)[number], slug = '') => `/landers/${lander}${slug ? `/${slug}` : ''}`,
  },
} as const;

export type PathName = keyof typeof paths;

/** SPEC section 2: after login members land on the search, after logout visitors on the root. */
export const HOME_AFTER_LOGIN = paths.members.getHref();
export const HOME_AFTER_LOGOUT = paths.index.getHref();
