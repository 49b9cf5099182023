// The composition root: every service is built here, once, from its dependencies; routes receive them as
// `app.services` and never build or import another feature's service (docs/server-layout.md).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { createAccountsRepository, createAccountsService } from './modules/accounts/index.ts';
import { createBlocksRepository, createBlocksService } from './modules/blocks/index.ts';
import { createLikesRepository, createLikesService } from './modules/likes/index.ts';
import { createMatchesRepository, createMatchesService } from './modules/matches/index.ts';
import { createMembersRepository, createViewerLoader } from './modules/member-core/index.ts';
import { createPhotosRepository, createPhotosService } from './modules/photos/index.ts';
import { createProfilesRepository, createProfilesService } from './modules/profiles/index.ts';
import { createSearchRepository, createSearchService } from './modules/search/index.ts';
import { createSwipeRepository, createSwipeService } from './modules/swipe/index.ts';

export function buildServices(app: FastifyInstance) {
  const { db, cursors } = app;
  const now = () => app.clock.now();
  const members = createMembersRepository(db);
  const blocks = createBlocksService({ db, blocksRepository: createBlocksRepository(db) });
  const photos = createPhotosService({ db, photosRepository: createPhotosRepository(db), storage: app.storage, jobs: app.jobs, memberEvents: app.memberEvents });
  const matches = createMatchesService({ matchesRepository: createMatchesRepository(db), cursors, now });
  const likes = createLikesService({ db, likesRepository: createLikesRepository(db), blocks, cursors, now });
  return {
    /** The acting member of a request, and the profiles a request may act on. */
    viewers: createViewerLoader(members),
    members,
    accounts: createAccountsService({ db, accountsRepository: createAccountsRepository(db), sessions: app.sessions, memberEvents: app.memberEvents, mailer: app.mailer, jobs: app.jobs, now }),
    blocks,
    photos,
    matches,
    likes,
    profiles: createProfilesService({ profilesRepository: createProfilesRepository(db), members, photos, memberEvents: app.memberEvents, now }),
    search: createSearchService({ searchRepository: createSearchRepository(db), cursors, now }),
    swipe: createSwipeService({ db, swipeRepository: createSwipeRepository(db), likes, blocks, matches, now }),
  };
}

export type Services = ReturnType<typeof buildServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export const servicesPlugin = fp(
  async (app) => {
    app.decorate('services', buildServices(app));
  },
  { name: 'services', dependencies: ['db', 'cursors', 'jobs', 'session', 'mailer', 'storage'] },
);
