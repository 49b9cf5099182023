// What every payment route shares: the member as a payer (the server's own view of them) and the API document's tag.
import type { FastifyRequest } from 'fastify';
import type { Payer } from './discounts.ts';

export const PAYMENTS_TAGS = ['payments'];

export function payerOf(request: FastifyRequest): Payer {
  const user = request.member!.view.user;
  return { userId: user.id, isPremium: user.paidUser, signupAt: user.createdAt };
}
