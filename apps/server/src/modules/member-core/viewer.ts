// Route helpers shared by the member modules: the request's Viewer (loaded once), openable targets, the error responses.
import type { FastifyRequest } from 'fastify';
import { apiErrorSchema } from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';
import type { ProfileRow } from '../../db/schema/index.ts';
import type { Viewer } from './profile-cards.ts';
import type { MembersRepository } from './members.repository.ts';

export const profileNotFound = () => new AppError(404, 'profile_not_found');

/**
 * The logged-in member of a request (after `requireMember`) as a Viewer: profile, premium flag and
 * preferences, from the request's member view (no query of its own). Every member module's routes start from this.
 */
export function createViewerLoader(repository: Pick<MembersRepository, 'findViewable'>) {
  return {
    async require(request: FastifyRequest): Promise<Viewer> {
      const view = request.member?.view;
      if (!view) throw new AppError(403, 'authentication_required');
      const { user, profile } = view;
      return {
        userId: user.id,
        profileId: profile.id,
        siteId: user.siteId,
        name: profile.name,
        isPremium: user.paidUser,
        gender: profile.gender,
        sexuality: profile.sexuality,
        showMe: profile.showMe,
        dateOfBirth: profile.dateOfBirth,
        country: profile.country,
        region: profile.region,
        city: profile.city,
        isRiskHeld: view.isRiskHeld,
      };
    },
    /** The viewer, or null for a visitor (after `optionalMember`). */
    async optional(request: FastifyRequest): Promise<Viewer | null> {
      return request.member ? this.require(request) : null;
    },
    /** The target of an action (like, block, swipe): a profile anyone may open on the request's site, else 404. */
    async openable(request: FastifyRequest, profileId: number): Promise<ProfileRow> {
      const profile = await repository.findViewable(request.site.id, profileId);
      if (!profile) throw profileNotFound();
      return profile;
    },
  };
}

export type ViewerLoader = ReturnType<typeof createViewerLoader>;

/** The error answers routes declare beside their 200 (one shape for all: `{ error: ... }`). */
export const errorResponses = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
  415: apiErrorSchema,
  429: apiErrorSchema,
};
