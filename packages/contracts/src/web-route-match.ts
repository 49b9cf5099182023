// Reading a path as the web app's router does (web-routes.ts): which route shows it, or none (the app's 404 page). The
// server answers index.html with 404 there (plugins/web.plugin.ts); the app's `/{token}` route forwards the aliases.
import { WEB_ROUTE_PATHS, isLikeListType, isStaticPage, type StaticPage, type WebRouteName } from './web-routes.ts';

/**
 * Short, typed-by-hand addresses `/{token}` (printed on bank statements, said on the phone, written in mails) in the
 * languages of SPEC section 1, without accents (docs/content.md). Each forwards to its page and keeps the query string.
 */
const STATIC_PAGE_ALIASES: Record<StaticPage, readonly string[]> = {
  terms: [
    'terms',
    'tos',
    'conditions',
    'voorwaarden',
    'agb',
    'condizioni',
    'cgu',
    'condiciones',
    'regulamin',
    'vilkar',
    'kayttoehdot',
    'villkor',
  ],
  privacy: [
    'privacy',
    'datenschutz',
    'privacidad',
    'confidentialite',
    'riservatezza',
    'prywatnosc',
    'privatliv',
    'tietosuoja',
    'personvern',
    'integritet',
  ],
  cookies: ['cookies', 'cookie-policy', 'evasteet', 'informasjonskapsler', 'kakor'],
  faq: ['faq', 'help', 'hulp', 'hilfe', 'aiuto', 'aide', 'ayuda', 'pomoc', 'hjaelp', 'ohje', 'hjelp', 'hjalp'],
  'return-policy': [
    'refund',
    'refunds',
    'returns',
    'terugbetaling',
    'erstattung',
    'rimborso',
    'remboursement',
    'reembolso',
    'zwrot',
    'refusion',
    'palautus',
    'refusjon',
    'aterbetalning',
  ],
  service: [
    'contact',
    'support',
    'service',
    'klantenservice',
    'kontakt',
    'contatti',
    'contacto',
    'asiakaspalvelu',
    'kundeservice',
    'kundservice',
    'kundtjanst',
  ],
  // The ban page is reached from a refused login only, with its reason; it has no alias on purpose.
  ban: [],
};

const OTHER_ALIASES: readonly (readonly [path: string, aliases: readonly string[]])[] = [
  [
    WEB_ROUTE_PATHS.complaints,
    [
      'klachten',
      'klacht',
      'beschwerde',
      'reclami',
      'reclamation',
      'reclamaciones',
      'reklamacja',
      'klage',
      'valitus',
      'klagomal',
    ],
  ],
  [
    WEB_ROUTE_PATHS.langConfig,
    ['language', 'languages', 'taal', 'sprache', 'lingua', 'langue', 'idioma', 'jezyk', 'sprog', 'kieli', 'sprak'],
  ],
];

const PAGE_ALIASES: ReadonlyMap<string, string> = new Map([
  ...Object.entries(STATIC_PAGE_ALIASES).flatMap(([page, aliases]) =>
    aliases.map((alias) => [alias, `/pages/${page}`] as const),
  ),
  ...OTHER_ALIASES.flatMap(([path, aliases]) => aliases.map((alias) => [alias, path] as const)),
]);

/** The path a `/{token}` forwards to (case ignored), or null when it names nothing (the 404 page). */
export function resolvePageAlias(token: string | undefined): string | null {
  if (!token) return null;
  return PAGE_ALIASES.get(token.toLowerCase()) ?? null;
}

export function listPageAliases(): [string, string][] {
  return [...PAGE_ALIASES.entries()];
}

/**
 * What the route table alone knows of a parameter: the value of these parameters must name something, or the app
 * shows its 404 page (their routes' loaders). Members, landers and the like are the server's to know.
 */
const KNOWN_VALUES: Partial<Record<WebRouteName, (params: Record<string, string | undefined>) => boolean>> = {
  token: ({ token }) => resolvePageAlias(token) !== null,
  staticPage: ({ page }) => isStaticPage(page),
  likesType: ({ type }) => isLikeListType(type),
};

type CompiledRoute = { name: WebRouteName; pattern: RegExp; params: string[] };

/** As React Router matches: segments case-insensitive, trailing slashes allowed, `:x?` optional, `*` the rest. */
function compile(name: WebRouteName, path: string): CompiledRoute {
  const params: string[] = [];
  const isSplat = path.endsWith('/*');
  const body = (isSplat ? path.slice(0, -2) : path)
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      const param = /^:([\w-]+)(\?)?$/.exec(segment);
      if (!param) return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
      params.push(param[1]!);
      return param[2] ? '(?:/([^/]+))?' : '/([^/]+)';
    })
    .join('');
  return { name, params, pattern: new RegExp(`^${body}${isSplat ? '(?:/.*)?' : '/*'}$`, 'i') };
}

const COMPILED = (Object.entries(WEB_ROUTE_PATHS) as [WebRouteName, string][]).map(([name, path]) =>
  compile(name, path),
);

/** A path as React Router reads it: each segment percent-decoded (a segment that is not valid encoding as it is). */
function decodePath(pathname: string): string {
  return pathname
    .split('/')
    .map((segment) => {
      try {
        return decodeURIComponent(segment).replaceAll('/', '%2F');
      } catch {
        return segment;
      }
    })
    .join('/');
}

/**
 * The route of the app's table a path (without its query) shows, or null when the app shows its 404 page there: no
 * route matches, or the one that does is given a value it does not know (`/pages/nosuch`, `/no-such-alias`).
 */
export function matchWebRoute(pathname: string): WebRouteName | null {
  const path = decodePath(pathname);
  for (const route of COMPILED) {
    const match = route.pattern.exec(path);
    if (!match) continue;
    const check = KNOWN_VALUES[route.name];
    if (!check || check(Object.fromEntries(route.params.map((param, index) => [param, match[index + 1]]))))
      return route.name;
  }
  return null;
}
