// Public entry of search: the service and its repository.
export { createSearchRepository } from './search.repository.ts';
export { createSearchService, type SearchService } from './search.service.ts';
