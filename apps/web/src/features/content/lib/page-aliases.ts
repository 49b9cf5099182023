// `/{token}`: a bare path is a short alias of a page (docs/content.md); anything else is the 404 page. The aliases are
// the route table's (@app/contracts web-routes.ts): the server answers an unknown token with status 404 as well.
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import { resolvePageAlias } from '@app/contracts';

export { listPageAliases, resolvePageAlias } from '@app/contracts';

/** The `/{token}` route's loader: forwards (query string kept, so tracking parameters survive) or answers 404. */
export function tokenLoader({ params, request }: LoaderFunctionArgs) {
  const target = resolvePageAlias(params.token);
  if (!target) throw data(null, { status: 404, statusText: 'Not Found' });
  return redirect(`${target}${new URL(request.url).search}`);
}
