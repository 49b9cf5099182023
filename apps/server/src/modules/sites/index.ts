// Public entry of sites: the default site's values.
export { SPEC_COUNTRIES, defaultSiteValues } from './default-site.ts';
