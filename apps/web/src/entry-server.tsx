// The server's render of a page's first view (docs/first-view.md): the same routes, layouts and screens as the
// browser's app, rendered once with the member's data, so the HTML carries the page before any script runs. The server
// (apps/server, modules/first-view) imports the build of this file and answers the app's API requests in-process.
// The browser's app starts later (on the first touch, or a few seconds after load) and takes the view over
// (lib/first-view.ts); nothing here is hydrated.
import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { QueryClient, QueryClientProvider, dehydrate, type DehydratedState, type Query } from '@tanstack/react-query';
import { I18nextProvider } from 'react-i18next';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import { DEFAULT_LOCALE, type UiLanguage } from '@app/i18n';
import { routes } from './app/router.tsx';
import { setServerTransport, type ApiTransport } from './lib/api-client.ts';
import { ServerRenderContext, type ServerRender } from './lib/server-render.ts';
import { i18next, initI18nWithAllResources, setDisplayTimeZone } from './lib/i18n.ts';
import { QUERY_DEFAULTS } from './lib/query-client.ts';
import { settingsKeys } from './lib/settings/get-settings.ts';
import { userKeys } from './lib/session/get-user.ts';

// The landing pages' first views, rendered by the server with its own translator (docs/landers.md).
export { LANDER_CSS, renderLanderContent, renderLanderLogoBar } from './app/lander-render.tsx';

export type FirstViewRequest = {
  /** Path and query, as the browser asked for it. */
  url: string;
  origin: string;
  language: UiLanguage;
  /** The browser's time zone (its cookie), or undefined for the server's own: times show as the app will show them. */
  timeZone?: string;
  /** The answers of settings.php and user.php (null for a visitor) for this visitor, as the browser's boot asks for them. */
  settings: unknown;
  user: unknown;
  /** Answers the app's API requests (`/api/...`) for this visitor, in-process. */
  transport: ApiTransport;
};

/** `status`: 404 when the page rendered says it names nothing (a member who does not exist). */
export type FirstView = { html: string; state: DehydratedState; status?: number } | { redirect: string } | null;

/** Passes over the page: a pass renders, then fetches what the render asked for (a page's queries may depend on others). */
const MAX_PASSES = 4;
/** A pass still waiting (a lazy part that never arrives) is abandoned: the page is then the browser app's to render. */
const PASS_TIMEOUT_MS = 5000;

let ready: Promise<unknown> | null = null;
/** One render at a time: i18next, the API transport and the time zone are this module's, not the request's. */
let queue: Promise<unknown> = Promise.resolve();

async function streamToString(stream: NodeJS.ReadableStream): Promise<string> {
  let html = '';
  for await (const chunk of stream) html += typeof chunk === 'string' ? chunk : (chunk as Buffer).toString('utf8');
  return html;
}

async function renderOnce(request: FirstViewRequest, queryClient: QueryClient): Promise<FirstView> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(request.url, request.origin)));
  if (context instanceof Response) {
    const location = context.headers.get('location');
    return location ? { redirect: location } : null;
  }
  // A page that failed or does not exist is the browser app's to show; a fault of this render is the server's to log.
  const fault = Object.values(context.errors ?? {}).find((error) => error instanceof Error);
  if (fault) throw fault;
  if (context.errors || context.statusCode !== 200) return null;
  const router = createStaticRouter(handler.dataRoutes, context);
  const serverRender: ServerRender = { redirectTo: null, status: null };
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <ServerRenderContext value={serverRender}>
        <QueryClientProvider client={queryClient}>
          <I18nextProvider i18n={i18next}>
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </I18nextProvider>
        </QueryClientProvider>
      </ServerRenderContext>
    </StrictMode>,
    { signal: AbortSignal.timeout(PASS_TIMEOUT_MS) },
  );
  const html = await streamToString(prelude);
  if (serverRender.redirectTo !== null) return { redirect: serverRender.redirectTo };
  return { html, state: dehydrate(queryClient), ...(serverRender.status ? { status: serverRender.status } : {}) };
}

/** A query its component left disabled (`enabled: false`, waiting for something) is not fetched for it either. */
function isEnabled(query: Query): boolean {
  const { enabled } = query.options as { enabled?: boolean | ((query: Query) => boolean) };
  return (typeof enabled === 'function' ? enabled(query) : enabled) !== false;
}

async function render(request: FirstViewRequest): Promise<FirstView> {
  ready ??= initI18nWithAllResources(DEFAULT_LOCALE);
  await ready;
  if (i18next.language !== request.language) await i18next.changeLanguage(request.language);
  setServerTransport(request.transport);
  setDisplayTimeZone(request.timeZone);
  try {
    // A query that failed in an earlier pass (a profile that blocked the viewer answers 403, a gone one 404) renders
    // its error: with retryOnMount a failed query without data renders as pending again, and the view showed a
    // skeleton until the app started seconds later and asked once more.
    const queryClient = new QueryClient({
      defaultOptions: { queries: { ...QUERY_DEFAULTS.defaultOptions.queries, retryOnMount: false } },
    });
    queryClient.setQueryData(settingsKeys.all, request.settings);
    queryClient.setQueryData(userKeys.all, request.user);
    const asked = new Set<string>();
    for (let pass = 0; ; pass++) {
      const view = await renderOnce(request, queryClient);
      if (!view || !('html' in view)) return view;
      // The queries this pass rendered without data (a useQuery renders its pending state on the server): fetched,
      // then the page is rendered again with them.
      const missing = queryClient
        .getQueryCache()
        .getAll()
        .filter(
          (query) =>
            query.state.status === 'pending' &&
            query.state.fetchStatus === 'idle' &&
            isEnabled(query) &&
            !asked.has(query.queryHash),
        );
      if (missing.length === 0) return view;
      if (pass + 1 >= MAX_PASSES) return null;
      for (const query of missing) asked.add(query.queryHash);
      await Promise.all(missing.map((query) => query.fetch().catch(() => undefined)));
    }
  } finally {
    setServerTransport(null);
    setDisplayTimeZone(undefined);
  }
}

/** The page's markup and the queries it showed, or null when this page has no first view of its own. */
export function renderFirstView(request: FirstViewRequest): Promise<FirstView> {
  const result = queue.then(() => render(request));
  queue = result.catch(() => undefined);
  return result;
}
