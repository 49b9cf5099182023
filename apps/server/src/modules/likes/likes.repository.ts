// Drizzle queries on likes and matches, by use case; lists are keyset-paginated and leave out blocked and unopenable
// members.
import type { Executor } from '../../db/client.ts';
import { createLikesOverviewRepository } from './likes-overview.repository.ts';
import { createLikesPagesRepository } from './likes-pages.repository.ts';
import { createLikesSuggestionsRepository } from './likes-suggestions.repository.ts';
import { createLikesWriteRepository } from './likes-write.repository.ts';
import { createMatchesListsRepository } from './matches-lists.repository.ts';
import { createMatchesWriteRepository } from './matches-write.repository.ts';

export type { LikeListRow } from './likes-filters.ts';
export type { LikesOverviewRow } from './likes-overview.repository.ts';

export function createLikesRepository(db: Executor) {
  return {
    ...createLikesOverviewRepository(db),
    ...createLikesWriteRepository(db),
    ...createMatchesWriteRepository(db),
    ...createLikesPagesRepository(db),
    ...createMatchesListsRepository(db),
    ...createLikesSuggestionsRepository(db),
  };
}
export type LikesRepository = ReturnType<typeof createLikesRepository>;
