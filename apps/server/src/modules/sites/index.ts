// Public entry of sites: the country choice; the default site's values and the site rows, kept with the site resolver
// on the infrastructure side (the site plugin owns `sites`: it seeds the default one and caches every row).
export {
  SPEC_COUNTRIES,
  defaultSiteValues,
  findSite,
  insertSite,
  listSiteNames,
  listSiteTimeZones,
  siteText,
  siteTextValues,
  siteTextsOf,
  updateSite,
  type SiteSettingsRow,
} from '../../plugins/site/index.ts';
export { COUNTRY_COOKIE, chosenCountryOf, selectCountry } from './sites.service.ts';
export { listSites, type SiteListing } from './site-list.ts';
