// `/{token}`: a bare path is a short alias of a page (docs/content.md); anything else is the 404 page.
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { paths, type StaticPage } from '../../../config/paths.ts';

/**
 * Short, typed-by-hand addresses (printed on bank statements, said on the phone, written in mails) in the
 * languages of SPEC section 1, without accents. Each forwards to its page and keeps the query string.
 */
const PAGE_ALIASES: Record<StaticPage, readonly string[]> = {
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

const OTHER_ALIASES: Record<string, string> = Object.fromEntries([
  ...[
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
  ].map((alias) => [alias, paths.complaints.getHref()]),
  ...['language', 'languages', 'taal', 'sprache', 'lingua', 'langue', 'idioma', 'jezyk', 'sprog', 'kieli', 'sprak'].map(
    (alias) => [alias, paths.langConfig.getHref()],
  ),
]);

const ALIASES: ReadonlyMap<string, string> = new Map([
  ...Object.entries(PAGE_ALIASES).flatMap(([page, aliases]) =>
    aliases.map((alias) => [alias, paths.staticPage.getHref(page as StaticPage)] as const),
  ),
  ...Object.entries(OTHER_ALIASES),
]);

/** The path a token forwards to, or null when it names nothing. */
export function resolvePageAlias(token: string | undefined): string | null {
  if (!token) return null;
  return ALIASES.get(token.toLowerCase()) ?? null;
}

export function listPageAliases(): [string, string][] {
  return [...ALIASES.entries()];
}

/** The `/{token}` route's loader: forwards (query string kept, so tracking parameters survive) or answers 404. */
export function tokenLoader({ params, request }: LoaderFunctionArgs) {
  const target = resolvePageAlias(params.token);
  if (!target) throw data(null, { status: 404, statusText: 'Not Found' });
  return redirect(`${target}${new URL(request.url).search}`);
}
