// The route table: every screen is code-split and registered here, under its layout, when the issue that builds it lands.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';
import { RootShell } from './root-shell.tsx';
import { RouteErrorBoundary } from './routes/route-error-boundary.tsx';

/** Screens in the default layout (top navigation, alerts, footer). The catch-all 404 stays last. */
const defaultLayoutRoutes: RouteObject[] = [
  { path: paths.index.path, lazy: async () => ({ Component: (await import('../features/home/home-page.tsx')).HomePage }) },
  { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found-page.tsx')).NotFoundPage }) },
];

/** Screens in the bare chat layout. */
const chatLayoutRoutes: RouteObject[] = [];

/** Landing pages (logo bar, footer). */
const landerLayoutRoutes: RouteObject[] = [];

/** Screens with no chrome at all. */
const emptyLayoutRoutes: RouteObject[] = [];

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
