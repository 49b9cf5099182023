// Landing pages: the 9 landers and the member landings, their payload, first view and index.html (docs/landers.md).
export { createLandersRepository, type LandersRepository } from './landers.repository.ts';
export { createLandersService, type LandersService } from './landers.service.ts';
export { landersRoutes } from './landers.routes.ts';
export { createLanderWebPages, LANDER_PAGE_URLS } from './lander-pages.ts';
export { SITE_ENTRY_SCRIPT, siteEntryWarningFor } from './site-entry-markup.ts';
export { createLanderExperiments, type LanderExperiments, type ChosenVariant } from './lander-experiments.ts';
