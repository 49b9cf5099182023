// The route table: every screen is code-split and registered here when the issue that builds it lands.
import { createBrowserRouter, type RouteObject } from 'react-router';
import { paths } from '../config/paths.ts';

const routes: RouteObject[] = [
  {
    lazy: async () => ({ Component: (await import('./layouts/default-layout.tsx')).DefaultLayout }),
    children: [
      { path: paths.index.path, lazy: async () => ({ Component: (await import('../features/home/home-page.tsx')).HomePage }) },
      { path: '*', lazy: async () => ({ Component: (await import('./routes/not-found-page.tsx')).NotFoundPage }) },
    ],
  },
];

export const router = createBrowserRouter(routes, { basename: '/' });
