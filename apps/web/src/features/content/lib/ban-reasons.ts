// The categories `/pages/ban?reason=` names in words (docs/content.md); anything else reads as a breach of the terms.
import type { BAN_REASONS as CONTRACT_BAN_REASONS } from '@app/contracts';

/**
 * The moderation contract's BAN_REASONS, checked to be identical at compile time: a runtime import of the contracts
 * would pull zod into this lazy page's chunk for one list.
 */
export const BAN_REASONS = [
  'fake_profile',
  'harassment',
  'scam_spam',
  'underage',
  'inappropriate_content',
  'payment_fraud',
  'terms_violation',
] as const satisfies typeof CONTRACT_BAN_REASONS;
export type BanReason = (typeof BAN_REASONS)[number];

export function toBanReason(value: string | null | undefined): BanReason {
  return (BAN_REASONS as readonly string[]).includes(value ?? '') ? (value as BanReason) : 'terms_violation';
}
