// Every route of SPEC section 2 in one map: `path` for the router (the table the server shares, @app/contracts
// web-routes.ts), `getHref` for links.
import { WEB_ROUTE_PATHS, type StaticPage } from '@app/contracts';

export { STATIC_PAGES, type StaticPage } from '@app/contracts';

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

export const paths = {
  index: { path: WEB_ROUTE_PATHS.index, getHref: () => '/' },
  likes: { path: WEB_ROUTE_PATHS.likes, getHref: () => '/likes' },
  likesType: { path: WEB_ROUTE_PATHS.likesType, getHref: (type: string) => `/likes/${type}` },
  likesMId: { path: WEB_ROUTE_PATHS.likesMId, getHref: (id: number | string) => `/likes/m/${id}` },
  visitors: { path: WEB_ROUTE_PATHS.visitors, getHref: () => '/visitors' },
  chats: { path: WEB_ROUTE_PATHS.chats, getHref: () => '/chats' },
  chatsId: { path: WEB_ROUTE_PATHS.chatsId, getHref: (id: number | string) => `/chats/${id}` },
  members: { path: WEB_ROUTE_PATHS.members, getHref: () => '/members' },
  membersId: { path: WEB_ROUTE_PATHS.membersId, getHref: (id: number | string) => `/members/${id}` },
  membersIdChat: { path: WEB_ROUTE_PATHS.membersIdChat, getHref: (id: number | string) => `/members/${id}/chat` },
  membersIdLanding: {
    path: WEB_ROUTE_PATHS.membersIdLanding,
    getHref: (id: number | string) => `/members/${id}/landing`,
  },
  membersIdSignup: { path: WEB_ROUTE_PATHS.membersIdSignup, getHref: (id: number | string) => `/members/${id}/signup` },
  membersIdLanding2: {
    path: WEB_ROUTE_PATHS.membersIdLanding2,
    getHref: (id: number | string, slug = '') => `/members/${id}/landing2${slug ? `/${slug}` : ''}`,
  },
  membersIdLanding3: {
    path: WEB_ROUTE_PATHS.membersIdLanding3,
    getHref: (id: number | string, slug = '') => `/members/${id}/landing3${slug ? `/${slug}` : ''}`,
  },
  accountDeleted: { path: WEB_ROUTE_PATHS.accountDeleted, getHref: () => '/account-deleted' },
  complaints: { path: WEB_ROUTE_PATHS.complaints, getHref: () => '/complaints' },
  completeSignup: { path: WEB_ROUTE_PATHS.completeSignup, getHref: () => '/complete-signup' },
  directdebit: { path: WEB_ROUTE_PATHS.directdebit, getHref: () => '/directdebit' },
  langConfig: { path: WEB_ROUTE_PATHS.langConfig, getHref: () => '/lang-config' },
  login: {
    path: WEB_ROUTE_PATHS.login,
    getHref: (redirectTo?: string) => `/login${redirectTo ? `?redirectTo=${encodeURIComponent(redirectTo)}` : ''}`,
  },
  matchFinder: { path: WEB_ROUTE_PATHS.matchFinder, getHref: () => '/match-finder' },
  /** SPEC: the notification settings screen is named notifications; "settings" links here. */
  notifications: { path: WEB_ROUTE_PATHS.notifications, getHref: () => '/notifications' },
  premium: { path: WEB_ROUTE_PATHS.premium, getHref: () => '/premium' },
  pricing: { path: WEB_ROUTE_PATHS.pricing, getHref: () => '/pricing' },
  profile: { path: WEB_ROUTE_PATHS.profile, getHref: () => '/profile' },
  resetPassword: { path: WEB_ROUTE_PATHS.resetPassword, getHref: () => '/reset-password' },
  resetPasswordDo: { path: WEB_ROUTE_PATHS.resetPasswordDo, getHref: () => '/reset-password/do' },
  signup: { path: WEB_ROUTE_PATHS.signup, getHref: () => '/signup' },
  signupMatches: { path: WEB_ROUTE_PATHS.signupMatches, getHref: () => '/signup-matches' },
  swipeGame: { path: WEB_ROUTE_PATHS.swipeGame, getHref: () => '/swipe-game' },
  credits: { path: WEB_ROUTE_PATHS.credits, getHref: () => '/credits' },
  creditsRepeatOrder: { path: WEB_ROUTE_PATHS.creditsRepeatOrder, getHref: () => '/credits/repeat-order' },
  creditsIdPaymentmethod: {
    path: WEB_ROUTE_PATHS.creditsIdPaymentmethod,
    getHref: (id: number | string, method = '') => `/credits/${id}${method ? `/${method}` : ''}`,
  },
  transactions: {
    path: WEB_ROUTE_PATHS.transactions,
    getHref: (id: number | string = '') => `/transactions${id ? `/${id}` : ''}`,
  },
  /** The activation mail's link target (`?token=`); it forwards to activateDone or activateError. */
  activate: {
    path: WEB_ROUTE_PATHS.activate,
    getHref: (token?: string) => `/activate${token ? `?token=${encodeURIComponent(token)}` : ''}`,
  },
  activateDone: { path: WEB_ROUTE_PATHS.activateDone, getHref: () => '/activate/done' },
  activateError: { path: WEB_ROUTE_PATHS.activateError, getHref: () => '/activate/error' },
  mailChangeDo: { path: WEB_ROUTE_PATHS.mailChangeDo, getHref: () => '/mail-change/do' },
  /** Development only: the mailbox of mails not sent without SMTP (the route shows 404 when the API has none). */
  devMailbox: { path: WEB_ROUTE_PATHS.devMailbox, getHref: () => '/dev/mailbox' },
  staticPage: { path: WEB_ROUTE_PATHS.staticPage, getHref: (page: StaticPage) => `/pages/${page}` },
  token: { path: WEB_ROUTE_PATHS.token, getHref: (token: string) => `/${token}` },
  landerTinderswipe: { path: WEB_ROUTE_PATHS.landerTinderswipe, getHref: () => '/landers/tinderswipe' },
  lander: {
    path: WEB_ROUTE_PATHS.lander,
    getHref: (lander: (typeof LANDER_NAMES)[number], slug = '') => `/landers/${lander}${slug ? `/${slug}` : ''}`,
  },
} as const;

export type PathName = keyof typeof paths;

/** SPEC section 2: after login members land on the search, after logout visitors on the root. */
export const HOME_AFTER_LOGIN = paths.members.getHref();
export const HOME_AFTER_LOGOUT = paths.index.getHref();
