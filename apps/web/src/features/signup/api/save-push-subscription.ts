// POST /api/user.php?push=1 { subscription }: stores (or with null removes) the member's push subscription.
import type { PushSubscriptionRequest } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const savePushSubscription = (body: PushSubscriptionRequest) =>
  apiRequest('user.php', { method: 'POST', query: { push: 1 }, body, response: 'userResponseSchema' });
