// Public entry of sites: the default site's values (kept with the site resolver, on the infrastructure side).
export { SPEC_COUNTRIES, defaultSiteValues } from '../../plugins/site/index.ts';
export { COUNTRY_COOKIE, chosenCountryOf, selectCountry } from './sites.service.ts';
export { findSite, insertSite, listSiteNames, updateSite, type SiteSettingsRow } from './site-records.ts';
export { listSites, type SiteListing } from './site-list.ts';
