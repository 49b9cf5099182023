// Paid traffic's queries, by use case: networks, visitors and visits (written in batches with their day roll-ups),
// business events, postbacks, and forgetting. Each method takes an optional executor (a caller's transaction).
import type { Executor } from '../../db/client.ts';
import { createEventsRepository } from './events.repository.ts';
import { createNetworksRepository } from './networks.repository.ts';
import { createPostbacksListRepository } from './postbacks-list.repository.ts';
import { createPostbacksRepository } from './postbacks.repository.ts';
import { createTrafficForgetRepository } from './traffic-forget.repository.ts';
import { createVisitorsRepository } from './visitors.repository.ts';
import { createVisitsRepository } from './visits.repository.ts';

export { groupKeysOf, type BufferedVisit, type FirstTouch, type NewEvent, type NewVisit } from './traffic-rows.ts';

export function createTrafficRepository(db: Executor) {
  return {
    ...createNetworksRepository(db),
    ...createVisitsRepository(db),
    ...createVisitorsRepository(db),
    ...createEventsRepository(db),
    ...createPostbacksRepository(db),
    ...createPostbacksListRepository(db),
    ...createTrafficForgetRepository(db),
  };
}
export type TrafficRepository = ReturnType<typeof createTrafficRepository>;
