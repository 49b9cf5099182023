// The route table: every screen is code-split and registered here, under its layout, when the issue that builds it lands.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { RootShell } from './root-shell.tsx';
import { RouteErrorBoundary } from './routes/route-error-boundary.tsx';

/** Accounts (issue 3): login, signup, activation, password reset, e-mail change, settings, deletion, dev mailbox. */
const accountRoutes: RouteObject[] = [
  { path: paths.login.path, lazy: async () => ({ Component: (await import('../features/auth/components/login-page.tsx')).LoginPage }) },
  { path: paths.signup.path, lazy: async () => ({ Component: (await import('../features/signup/components/signup-page.tsx')).SignupPage }) },
  { path: paths.membersIdSignup.path, lazy: async () => ({ Component: (await import('../features/signup/components/signup-page.tsx')).SignupPage }) },
  {
    path: paths.completeSignup.path,
    lazy: async () => ({ Component: (await import('../features/signup/components/complete-signup-page.tsx')).CompleteSignupPage }),
  },
  {
    path: paths.activateDone.path,
    lazy: async () => ({ Component: (await import('../features/activation/components/activate-done-page.tsx')).ActivateDonePage }),
  },
  {
    path: paths.activateError.path,
    lazy: async () => ({ Component: (await import('../features/activation/components/activate-error-page.tsx')).ActivateErrorPage }),
  },
  {
    path: paths.resetPassword.path,
    lazy: async () => ({ Component: (await import('../features/password-reset/components/reset-password-page.tsx')).ResetPasswordPage }),
  },
  {
    path: paths.resetPasswordDo.path,
    lazy: async () => ({ Component: (await import('../features/password-reset/components/reset-password-do-page.tsx')).ResetPasswordDoPage }),
  },
  {
    path: paths.mailChangeDo.path,
    lazy: async () => ({ Component: (await import('../features/mail-change/components/mail-change-do-page.tsx')).MailChangeDoPage }),
  },
  {
    path: paths.notifications.path,
    lazy: async () => ({ Component: (await import('../features/accounts/components/account-settings-page.tsx')).AccountSettingsPage }),
  },
  {
    path: paths.accountDeleted.path,
    lazy: async () => ({ Component: (await import('../features/account-deletion/components/account-deleted-page.tsx')).AccountDeletedPage }),
  },
  { path: paths.devMailbox.path, lazy: async () => ({ Component: (await import('../features/dev-mailbox/components/dev-mailbox-page.tsx')).DevMailboxPage }) },
];

/** Members (issue 4): search (home after login), profiles, own profile and photos, likes, swipe game, match finder. */
const memberRoutes: RouteObject[] = [
  { path: paths.members.path, lazy: async () => ({ Component: (await import('../features/search/components/search-page.tsx')).SearchPage }) },
  { path: paths.membersId.path, lazy: async () => ({ Component: (await import('../features/members/components/member-page.tsx')).MemberPage }) },
  { path: paths.profile.path, lazy: async () => ({ Component: (await import('../features/profile/components/profile-page.tsx')).ProfilePage }) },
  { path: paths.likes.path, lazy: async () => ({ Component: (await import('../features/likes/components/likes-page.tsx')).LikesPage }) },
  {
    path: paths.likesType.path,
    lazy: async () => {
      const { LikesPage, likesTypeLoader } = await import('../features/likes/components/likes-page.tsx');
      return { Component: LikesPage, loader: likesTypeLoader };
    },
  },
  { path: paths.likesMId.path, lazy: async () => ({ Component: (await import('../features/likes/components/likes-member-page.tsx')).LikesMemberPage }) },
  { path: paths.swipeGame.path, lazy: async () => ({ Component: (await import('../features/swipe-game/components/swipe-game-page.tsx')).SwipeGamePage }) },
  {
    path: paths.matchFinder.path,
    lazy: async () => ({ Component: (await import('../features/match-finder/components/match-finder-page.tsx')).MatchFinderPage }),
  },
  {
    path: paths.signupMatches.path,
    lazy: async () => ({ Component: (await import('../features/match-finder/components/signup-matches-page.tsx')).SignupMatchesPage }),
  },
];

/** Screens in the default layout (top navigation, alerts, footer). The catch-all 404 stays last. */
const defaultLayoutRoutes: RouteObject[] = [
  { path: paths.index.path, lazy: async () => ({ Component: (await import('../features/home/home-page.tsx')).HomePage }) },
  ...accountRoutes,
  ...memberRoutes,
  { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found-page.tsx')).NotFoundPage }) },
];

/** Screens in the bare chat layout. */
const chatLayoutRoutes: RouteObject[] = [];

/** Landing pages (logo bar, footer). */
const landerLayoutRoutes: RouteObject[] = [];

/** Screens with no chrome at all. */
const emptyLayoutRoutes: RouteObject[] = [
  // The activation link only passes through: no chrome, so no member requests race the session the activation starts.
  { path: paths.activate.path, lazy: async () => ({ Component: (await import('../features/activation/components/activate-page.tsx')).ActivatePage }) },
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
    HydrateFallback: () => null,
    children: [
      layoutRoute('layout-default', async () => ({ Component: (await import('./layouts/default-layout.tsx')).DefaultLayout }), defaultLayoutRoutes),
      layoutRoute('layout-chat', async () => ({ Component: (await import('./layouts/chat-layout.tsx')).ChatLayout }), chatLayoutRoutes),
      layoutRoute('layout-lander', async () => ({ Component: (await import('./layouts/lander-layout.tsx')).LanderLayout }), landerLayoutRoutes),
      layoutRoute('layout-empty', async () => ({ Component: (await import('./layouts/empty-layout.tsx')).EmptyLayout }), emptyLayoutRoutes),
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: '/' });
