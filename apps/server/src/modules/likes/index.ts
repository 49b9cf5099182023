// Public entry of likes: the service and its repository.
export { createLikesRepository } from './likes.repository.ts';
export { createLikesService, type LikesService } from './likes.service.ts';
export { removeLikesAndMatch } from './pair-removal.ts';
export { listLikesBetween } from './like-staff-reads.ts';
export { areMatched } from './match-reads.ts';
export { consumeLikeEvents } from './likes-events.ts';
