// A photo's review by staff (the console's "new photos" queue leaves it): the one write on photo_reviews, for the
// staff console.
import type { Executor } from '../../db/client.ts';
import { photoReviews } from '../../db/schema/index.ts';

export async function recordPhotoReview(
  executor: Executor,
  review: { photoId: number; staffId: number | null; reviewedAt: Date },
): Promise<void> {
  await executor.insert(photoReviews).values(review);
}
