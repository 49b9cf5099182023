// What a screen tells the server's first-view render (entry-server.tsx) that the HTML cannot say: where to send the
// visitor instead (a members-only page for a visitor), or that the page names nothing (HTTP 404). Null in the browser.
import { createContext, useContext } from 'react';

export type ServerRender = { redirectTo: string | null; status: number | null };

export const ServerRenderContext = createContext<ServerRender | null>(null);

/** On the server, the page answers with a redirect to `to` instead of a first view; true there (render nothing else). */
export function useServerRedirect(to: string | null): boolean {
  const render = useContext(ServerRenderContext);
  if (render && to !== null) render.redirectTo ??= to;
  return render !== null;
}

/**
 * A page that names nothing (a member who does not exist) says so with 404: on the server its first view is sent with
 * that status, as the app's own 404 page is (docs/web-shell.md, "Unknown pages"). Nothing in the browser.
 */
export function useServerStatus(status: number | null): void {
  const render = useContext(ServerRenderContext);
  if (render && status !== null) render.status ??= status;
}
