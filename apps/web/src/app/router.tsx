// The route table: every screen is code-split and registered here, under its layout, when the issue that builds it lands.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { WEB_ROUTE_PATHS } from '@app/contracts';
import { paths } from '../config/paths.ts';
import { RootShell } from './root-shell.tsx';
import { RouteErrorBoundary } from './routes/route-error-boundary.tsx';
import { AppShell } from './app-shell.tsx';

/** Accounts (issue 3): login, signup, activation, password reset, e-mail change, settings, deletion, dev mailbox. */
const accountRoutes: RouteObject[] = [
  {
    path: paths.login.path,
    lazy: async () => ({ Component: (await import('../features/auth/components/login-page.tsx')).LoginPage }),
  },
  {
    path: paths.signup.path,
    lazy: async () => ({ Component: (await import('../features/signup/components/signup-page.tsx')).SignupPage }),
  },
  {
    path: paths.membersIdSignup.path,
    lazy: async () => ({ Component: (await import('../features/signup/components/signup-page.tsx')).SignupPage }),
  },
  {
    path: paths.completeSignup.path,
    lazy: async () => ({
      Component: (await import('../features/signup/components/complete-signup-page.tsx')).CompleteSignupPage,
    }),
  },
  {
    path: paths.activateDone.path,
    lazy: async () => ({
      Component: (await import('../features/activation/components/activate-done-page.tsx')).ActivateDonePage,
    }),
  },
  {
    path: paths.activateError.path,
    lazy: async () => ({
      Component: (await import('../features/activation/components/activate-error-page.tsx')).ActivateErrorPage,
    }),
  },
  {
    path: paths.resetPassword.path,
    lazy: async () => ({
      Component: (await import('../features/password-reset/components/reset-password-page.tsx')).ResetPasswordPage,
    }),
  },
  {
    path: paths.resetPasswordDo.path,
    lazy: async () => ({
      Component: (await import('../features/password-reset/components/reset-password-do-page.tsx')).ResetPasswordDoPage,
    }),
  },
  {
    path: paths.mailChangeDo.path,
    lazy: async () => ({
      Component: (await import('../features/mail-change/components/mail-change-do-page.tsx')).MailChangeDoPage,
    }),
  },
  {
    path: paths.notifications.path,
    lazy: async () => ({
      Component: (await import('../features/accounts/components/account-settings-page.tsx')).AccountSettingsPage,
    }),
  },
  {
    path: paths.accountDeleted.path,
    lazy: async () => ({
      Component: (await import('../features/account-deletion/components/account-deleted-page.tsx')).AccountDeletedPage,
    }),
  },
  {
    path: paths.devMailbox.path,
    lazy: async () => ({
      Component: (await import('../features/dev-mailbox/components/dev-mailbox-page.tsx')).DevMailboxPage,
    }),
  },
];

/** Members (issue 4): search (home after login), profiles, own profile and photos, likes, swipe game, match finder. */
const memberRoutes: RouteObject[] = [
  {
    path: paths.members.path,
    lazy: async () => ({ Component: (await import('../features/search/components/search-page.tsx')).SearchPage }),
  },
  {
    path: paths.membersId.path,
    lazy: async () => ({ Component: (await import('../features/members/components/member-page.tsx')).MemberPage }),
  },
  {
    path: paths.profile.path,
    lazy: async () => ({ Component: (await import('../features/profile/components/profile-page.tsx')).ProfilePage }),
  },
  {
    path: paths.likes.path,
    lazy: async () => ({ Component: (await import('../features/likes/components/likes-page.tsx')).LikesPage }),
  },
  {
    path: paths.likesType.path,
    lazy: async () => {
      const { LikesPage, likesTypeLoader } = await import('../features/likes/components/likes-page.tsx');
      return { Component: LikesPage, loader: likesTypeLoader };
    },
  },
  {
    path: paths.likesMId.path,
    lazy: async () => ({
      Component: (await import('../features/likes/components/likes-member-page.tsx')).LikesMemberPage,
    }),
  },
  {
    path: paths.visitors.path,
    lazy: async () => ({
      Component: (await import('../features/visitors/components/visitors-page.tsx')).VisitorsPage,
    }),
  },
  {
    path: paths.swipeGame.path,
    lazy: async () => ({
      Component: (await import('../features/swipe-game/components/swipe-game-page.tsx')).SwipeGamePage,
    }),
  },
  {
    path: paths.matchFinder.path,
    lazy: async () => ({
      Component: (await import('../features/match-finder/components/match-finder-page.tsx')).MatchFinderPage,
    }),
  },
  {
    path: paths.signupMatches.path,
    lazy: async () => ({
      Component: (await import('../features/match-finder/components/signup-matches-page.tsx')).SignupMatchesPage,
    }),
  },
];

/** Credits and payments (issue 10): bundles, payment methods, the payment status and orders, premium and pricing. */
const paymentRoutes: RouteObject[] = [
  {
    path: paths.credits.path,
    lazy: async () => ({ Component: (await import('../features/credits/components/credits-page.tsx')).CreditsPage }),
  },
  {
    path: paths.creditsRepeatOrder.path,
    lazy: async () => ({
      Component: (await import('../features/credits/components/repeat-order-page.tsx')).RepeatOrderPage,
    }),
  },
  {
    path: paths.creditsIdPaymentmethod.path,
    lazy: async () => ({
      Component: (await import('../features/credits/components/payment-method-page.tsx')).PaymentMethodPage,
    }),
  },
  {
    path: paths.transactions.path,
    lazy: async () => ({
      Component: (await import('../features/credits/components/transaction-page.tsx')).TransactionPage,
    }),
  },
  {
    path: paths.directdebit.path,
    lazy: async () => ({
      Component: (await import('../features/credits/components/direct-debit-page.tsx')).DirectDebitPage,
    }),
  },
  {
    path: paths.premium.path,
    lazy: async () => ({ Component: (await import('../features/credits/components/premium-page.tsx')).PremiumPage }),
  },
  {
    path: paths.pricing.path,
    lazy: async () => ({ Component: (await import('../features/credits/components/premium-page.tsx')).PricingPage }),
  },
];

/** Content (issue 13): static pages, complaints, the language configuration, and `/{token}` page aliases (docs/content.md). */
const contentRoutes: RouteObject[] = [
  {
    path: paths.staticPage.path,
    lazy: async () => {
      const { StaticPagePage, staticPageLoader } = await import('../features/content/components/static-page.tsx');
      return { Component: StaticPagePage, loader: staticPageLoader };
    },
  },
  {
    path: paths.complaints.path,
    lazy: async () => ({
      Component: (await import('../features/content/components/complaints-page.tsx')).ComplaintsPage,
    }),
  },
  {
    path: paths.langConfig.path,
    lazy: async () => ({
      Component: (await import('../features/content/components/lang-config-page.tsx')).LangConfigPage,
    }),
  },
  // Below every one-segment path above in React Router's ranking: only a path nothing else claims reaches it.
  {
    path: paths.token.path,
    lazy: async () => ({ loader: (await import('../features/content/lib/page-aliases.ts')).tokenLoader }),
  },
];

/** Screens in the default layout (top navigation, alerts, footer). The catch-all 404 stays last. */
const defaultLayoutRoutes: RouteObject[] = [
  {
    path: paths.index.path,
    lazy: async () => ({ Component: (await import('../features/home/home-page.tsx')).HomePage }),
  },
  ...accountRoutes,
  ...memberRoutes,
  ...paymentRoutes,
  ...contentRoutes,
  { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found-page.tsx')).NotFoundPage }) },
];

/** Screens in the bare chat layout (issue 9): the conversation list and a conversation, or one with a member. */
const chatLayoutRoutes: RouteObject[] = [
  {
    path: paths.chats.path,
    lazy: async () => ({ Component: (await import('../features/chat/components/chats-page.tsx')).ChatsPage }),
  },
  {
    path: paths.chatsId.path,
    lazy: async () => ({ Component: (await import('../features/chat/components/chats-page.tsx')).ChatsPage }),
  },
  {
    path: paths.membersIdChat.path,
    lazy: async () => ({
      Component: (await import('../features/chat/components/member-chat-page.tsx')).MemberChatPage,
    }),
  },
];

/** Landing pages (logo bar, footer). */
const landerLayoutRoutes: RouteObject[] = [
  // /landers/tinderswipe and the 8 landers with a niche slug; other names (and unknown members) show the 404 page.
  {
    path: paths.lander.path,
    lazy: async () => ({ Component: (await import('../features/landers/components/lander-page.tsx')).LanderRoute }),
  },
  {
    path: paths.membersIdLanding.path,
    lazy: async () => ({ Component: (await import('../features/landers/components/lander-page.tsx')).LanderRoute }),
  },
  {
    path: paths.membersIdLanding2.path,
    lazy: async () => ({ Component: (await import('../features/landers/components/lander-page.tsx')).LanderRoute }),
  },
  {
    path: paths.membersIdLanding3.path,
    lazy: async () => ({ Component: (await import('../features/landers/components/lander-page.tsx')).LanderRoute }),
  },
];

/** Screens with no chrome at all. */
const emptyLayoutRoutes: RouteObject[] = [
  // The activation link only passes through: no chrome, so no member requests race the session the activation starts.
  {
    path: paths.activate.path,
    lazy: async () => ({
      Component: (await import('../features/activation/components/activate-page.tsx')).ActivatePage,
    }),
  },
];

/**
 * A layout whose pages fail show the error page inside the layout's chrome: the errorElement sits on a
 * pathless child, not on the layout itself.
 */
function layoutRoute(id: string, lazy: RouteObject['lazy'], children: RouteObject[]): RouteObject {
  return { id, lazy, children: [{ id: `${id}-pages`, errorElement: <RouteErrorBoundary />, children }] };
}

export const routes: RouteObject[] = [
  {
    id: 'root',
    Component: RootShell,
    // Reached only when a layout itself fails, so there is no chrome around it.
    errorElement: (
      <main className="d-flex align-items-center min-vh-100">
        <RouteErrorBoundary />
      </main>
    ),
    // While the first route's layout and page code load: the same shell the App painted while booting.
    HydrateFallback: () => <AppShell />,
    children: [
      layoutRoute(
        'layout-default',
        async () => ({ Component: (await import('./layouts/default-layout.tsx')).DefaultLayout }),
        defaultLayoutRoutes,
      ),
      layoutRoute(
        'layout-chat',
        async () => ({ Component: (await import('./layouts/chat-layout.tsx')).ChatLayout }),
        chatLayoutRoutes,
      ),
      layoutRoute(
        'layout-lander',
        async () => ({ Component: (await import('./layouts/lander-layout.tsx')).LanderLayout }),
        landerLayoutRoutes,
      ),
      layoutRoute(
        'layout-empty',
        async () => ({ Component: (await import('./layouts/empty-layout.tsx')).EmptyLayout }),
        emptyLayoutRoutes,
      ),
      // The staff console (issue 14): its own chrome and code chunk, never part of the member bundles.
      {
        id: 'admin',
        path: WEB_ROUTE_PATHS.staffConsole,
        errorElement: <RouteErrorBoundary />,
        lazy: async () => ({ Component: (await import('../features/admin/admin-app.tsx')).AdminApp }),
      },
    ],
  },
];

let browserRouter: ReturnType<typeof createBrowserRouter> | undefined;

/**
 * The app's router, created on first use: creating it starts loading the current route's layout and page code, which
 * the app does right after its shell is painted, beside the translations (app.tsx), not while the entry evaluates.
 */
export function getRouter() {
  return (browserRouter ??= createBrowserRouter(routes, { basename: '/' }));
}
