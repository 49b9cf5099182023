// Public entry of the swipe game: the service and its repository.
export { createSwipeRepository } from './swipe.repository.ts';
export { createSwipeService, type SwipeService } from './swipe.service.ts';
