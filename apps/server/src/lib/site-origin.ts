// A site's own address, from configuration only (never from a request's Host header): PUBLIC_URL for the default
// site, the site's domain with PUBLIC_URL's scheme for the others. Mails, canonical and hreflang links use it.
import type { SiteRow } from '../db/schema/index.ts';

export function siteBaseUrl(site: Pick<SiteRow, 'domain' | 'isDefault'>, publicUrl: string): string {
  if (site.isDefault) return publicUrl;
  const scheme = new URL(publicUrl).protocol;
  return `${scheme}//${site.domain}`;
}
