// A layout's page: the route's element inside the layout's own Suspense boundary (a page that suspends shows its
// skeleton inside the layout's one <main>: docs/accessibility.md), and the server's first view giving way only once
// the page itself rendered (lib/first-view.ts): the adoption sits inside the boundary, so it never runs while the page
// still shows its skeleton. The server's render has no boundary here.
import { Suspense, useContext, useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { adoptFirstView } from '../../lib/first-view.ts';
import { ServerRenderContext } from '../../lib/server-render.ts';

function FirstViewAdoption() {
  const queryClient = useQueryClient();
  useEffect(() => adoptFirstView(queryClient), [queryClient]);
  return null;
}

export function PageOutlet({ fallback }: { fallback: ReactNode }) {
  // The server's first view waits for the whole page (a static prerender): a boundary here would put the skeleton in
  // its HTML, with the page behind a script (docs/first-view.md: the view shows before any script runs).
  if (useContext(ServerRenderContext)) return <Outlet />;
  return (
    <Suspense fallback={fallback}>
      <Outlet />
      <FirstViewAdoption />
    </Suspense>
  );
}
