// A landing page's first view, rendered by the web app's own components with React's server renderer: the release's
// server render (apps/web/src/entry-server.tsx, app/lander-render.tsx) is given the payload and this server's
// translator, fixed to the lander's language, and answers static markup; its style sheet is the app's, on the design
// tokens (docs/landers.md, "Rendering").
import type { TFunction } from 'i18next';
import type { LanderPayload } from '@app/contracts';
import { getTranslator } from '../../lib/i18n.ts';
import type { WebRelease } from '../../plugins/web.plugin.ts';
import { SIGNUP_HREF, type LanderResult } from './landers.service.ts';

/** What the release's server render offers for landing pages. */
export type LanderRenderer = {
  /** The view's markup, and the preloads of its first photos for the head. */
  renderLanderContent: (request: { payload: LanderPayload; siteName: string; t: TFunction; signupHref: string }) => {
    html: string;
    head: string;
  };
  renderLanderLogoBar: (options: { siteName: string; navLabel: string; homeLabel: string }) => string;
  LANDER_CSS: string;
};

/** The release's lander renderer, or null when the release has none (no server render built). */
export async function landerRendererOf(release: WebRelease | undefined): Promise<LanderRenderer | null> {
  const module = release ? await release.loadServerRender() : null;
  return module && typeof module.renderLanderContent === 'function' ? (module as unknown as LanderRenderer) : null;
}

export type RenderedContent = { html: string; head: string };

/**
 * The page's markup by the web app's components, and the preloads of its first photos; none when the release has no
 * server render (then the view is empty, and so is landers.php's markup).
 */
export function renderLanderContent(
  renderer: LanderRenderer | null,
  result: LanderResult,
  siteName: string,
): RenderedContent {
  if (!renderer) return { html: '', head: '' };
  const t = getTranslator(result.payload.language as Parameters<typeof getTranslator>[0]);
  return renderer.renderLanderContent({ payload: result.payload, siteName, t, signupHref: SIGNUP_HREF });
}
