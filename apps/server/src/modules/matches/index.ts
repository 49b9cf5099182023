// Public entry of matches: the suggestion service (match finder, signup matches) and its repository.
export { createMatchesRepository } from './matches.repository.ts';
export { createMatchesService, type MatchesService } from './matches.service.ts';
