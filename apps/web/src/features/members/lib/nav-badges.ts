// SPEC sections 2 and 9: the credits item of the top navigation for paid users, and when its balance badge shows.
export const CREDIT_BADGE_MAX = 10;

export type CreditBadge = { text: string; variant: 'warning' | 'danger' };

/**
 * The balance badge beside "Credits": only at 10 credits or fewer, warning style above 0, danger at 0.
 * Unpaid users see "Get Premium" instead, so they get no badge.
 */
export function getCreditBadge(user: { paid_user: boolean; credits: number }): CreditBadge | null {
  if (!user.paid_user || user.credits > CREDIT_BADGE_MAX) return null;
  const credits = Math.max(0, user.credits);
  return { text: String(credits), variant: credits > 0 ? 'warning' : 'danger' };
}
