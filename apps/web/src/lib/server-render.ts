// What a screen tells the server's first-view render (entry-server.tsx) that the HTML cannot say: where to send the
// visitor instead (a members-only page for a visitor). Null in the browser.
import { createContext, useContext } from 'react';

export type ServerRender = { redirectTo: string | null };

export const ServerRenderContext = createContext<ServerRender | null>(null);

/** On the server, the page answers with a redirect to `to` instead of a first view; true there (render nothing else). */
export function useServerRedirect(to: string | null): boolean {
  const render = useContext(ServerRenderContext);
  if (render && to !== null) render.redirectTo ??= to;
  return render !== null;
}
