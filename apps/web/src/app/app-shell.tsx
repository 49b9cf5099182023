// The app shell: what the first paint shows while the translations, the layout's and the page's code and the session
// load (docs/web-build.md). The real navigation's frame (logo and site name as soon as the settings are known) and
// skeletons shaped like the page, the member's navigation when this browser's session hint says member
// (lib/session/session-hint.ts), the visitor's otherwise. It is in the entry chunk, needs no translation (it has no
// text but the site's name) and no router: the App renders it while booting, and the router while a route's code loads.
import { useQuery } from '@tanstack/react-query';
import { SkeletonBox, SkeletonButton, SkeletonCircle, SkeletonLine, SkeletonText } from '../components/skeleton.tsx';
import { NavControlsSkeleton } from '../features/layout/components/nav-skeleton.tsx';
import { Logo } from '../components/logo.tsx';
import { settingsQueryOptions } from '../lib/settings/get-settings.ts';
import { readSessionHint, type SessionHint } from '../lib/session/session-hint.ts';

type Shape = 'home' | 'members' | 'member' | 'chat' | 'empty' | 'page';

export function shapeOfPath(pathname: string): Shape {
  if (pathname === '/') return 'home';
  if (/^\/chats(\/|$)/.test(pathname) || /^\/members\/[^/]+\/chat\/?$/.test(pathname)) return 'chat';
  if (/^\/members\/?$/.test(pathname) || /^\/(likes|match-finder|signup-matches)(\/|$)/.test(pathname))
    return 'members';
  if (/^\/members\/[^/]+\/?$/.test(pathname)) return 'member';
  if (/^\/activate\/?$/.test(pathname)) return 'empty';
  return 'page';
}

/** The navigation's frame: same markup and size as features/layout's TopNav, with shapes where its controls go. */
export function NavShell({ siteName, hint }: { siteName: string | undefined; hint: SessionHint }) {
  return (
    <header className="site-header sticky-top" aria-hidden="true">
      <div className="navbar navbar-expand bg-body border-bottom shadow-sm py-2">
        <div className="container gap-2">
          <span className="navbar-brand me-auto">
            <Logo name={siteName ?? ''} />
          </span>
          <div className="d-flex align-items-center gap-2 placeholder-glow">
            <NavControlsSkeleton hint={hint} />
          </div>
        </div>
      </div>
    </header>
  );
}

function PageShape({ shape }: { shape: Shape }) {
  switch (shape) {
    case 'home':
      return (
        <section className="home-hero">
          <div className="container">
            <div className="home-hero-content placeholder-wave">
              <SkeletonLine width={35} size="sm" className="mb-3 bg-white" />
              <SkeletonLine width={70} size="lg" className="mb-3 bg-white" />
              <SkeletonText lines={2} className="mb-4 skeleton-on-brand" />
              <SkeletonButton size="lg" width="9rem" className="bg-white me-2" />
              <SkeletonButton size="lg" width="7rem" className="bg-white" />
            </div>
          </div>
        </section>
      );
    case 'members':
      return (
        <div className="container py-4 placeholder-glow">
          <SkeletonLine width={30} size="lg" className="mb-4" />
          <div className="row g-3">
            {Array.from({ length: 8 }, (_, index) => (
              <div key={index} className="col-6 col-md-4 col-lg-3">
                <SkeletonBox ratio="3x4" />
                <SkeletonLine width={60} className="mt-2" />
              </div>
            ))}
          </div>
        </div>
      );
    case 'member':
      return (
        <div className="container py-4 placeholder-glow">
          <div className="row g-4">
            <div className="col-md-5">
              <SkeletonBox ratio="3x4" />
            </div>
            <div className="col-md-7">
              <SkeletonLine width={50} size="lg" className="mb-3" />
              <SkeletonLine width={35} className="mb-4" />
              <SkeletonText lines={4} />
            </div>
          </div>
        </div>
      );
    default:
      return (
        <div className="container py-4 placeholder-glow">
          <SkeletonLine width={40} size="lg" className="mb-4 skeleton-heading" />
          <SkeletonText lines={3} className="mb-4" />
          <SkeletonBox height="14rem" />
        </div>
      );
  }
}

function ChatShape() {
  return (
    <div className="d-flex min-vh-100 placeholder-glow" aria-hidden="true">
      <div className="chat-shell-list d-none d-lg-block border-end p-3">
        {Array.from({ length: 7 }, (_, index) => (
          <div key={index} className="d-flex align-items-center gap-3 py-2">
            <SkeletonCircle size={48} />
            <div className="flex-grow-1">
              <SkeletonLine width={55} className="mb-2" />
              <SkeletonLine width={80} size="sm" />
            </div>
          </div>
        ))}
      </div>
      <div className="flex-grow-1 d-flex flex-column">
        <div className="d-flex align-items-center gap-3 p-3 border-bottom">
          <SkeletonCircle size={40} />
          <SkeletonLine width={30} />
        </div>
        <div className="flex-grow-1" />
        <div className="p-3 border-top">
          <SkeletonBox height="2.5rem" />
        </div>
      </div>
    </div>
  );
}

/**
 * Inside a layout's `<main>`, while its page suspends (a lazy part, translations or data still loading): the page's
 * skeleton without a landmark of its own. Without this boundary the App's Suspense showed the whole shell, a second
 * `<main>` beside the hidden page's (docs/accessibility.md).
 */
export function PageFallback({ pathname }: { pathname: string }) {
  const shape = shapeOfPath(pathname);
  if (shape === 'empty') return null;
  return (
    <div aria-busy="true" aria-hidden="true">
      {shape === 'chat' ? <ChatShape /> : <PageShape shape={shape} />}
    </div>
  );
}

/** The first paint of `pathname` (the current location by default). */
export function AppShell({ pathname = window.location.pathname }: { pathname?: string }) {
  // The settings are asked for at boot; the site's name shows as soon as they are in.
  const { data: settings } = useQuery({ ...settingsQueryOptions(), enabled: false });
  const shape = shapeOfPath(pathname);
  if (shape === 'empty') return <main className="min-vh-100" aria-busy="true" />;
  if (shape === 'chat') {
    return (
      <div className="layout layout-chat" data-testid="app-shell">
        <main className="min-vh-100" aria-busy="true">
          <ChatShape />
        </main>
      </div>
    );
  }
  const hint = readSessionHint();
  return (
    <div
      className={`layout layout-default d-flex flex-column min-vh-100${hint === 'member' ? ' has-member-nav' : ''}`}
      data-testid="app-shell"
    >
      <NavShell siteName={settings?.name} hint={hint} />
      <main className="layout-main flex-grow-1" aria-busy="true">
        <div aria-hidden="true">
          <PageShape shape={shape} />
        </div>
      </main>
    </div>
  );
}
