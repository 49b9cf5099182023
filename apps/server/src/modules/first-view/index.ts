// Pages whose HTML carries their first view, rendered by the web app's server render (docs/first-view.md).
export { FIRST_VIEW_PAGES, createFirstViewPages, type FirstViewPagesOptions } from './first-view.pages.ts';
