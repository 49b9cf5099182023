// The notice shown instead of a members feature the viewer cannot use yet: log in (visitors), confirm the e-mail address
// (unconfirmed members), premium only (free members), or a profile that cannot be messaged (fictional).
import { create } from 'zustand';
import type { User } from '@app/contracts';

/** What the viewer tried: the notice names it. */
export type NoticeAction = 'like' | 'message' | 'gift' | 'photos';
export type MemberNotice =
  | { kind: 'login'; action: NoticeAction }
  | { kind: 'premium'; action: NoticeAction }
  /** A fictional profile: no person would read a message or gift, so nothing is sent or charged. */
  | { kind: 'not-messageable'; action: 'message' | 'gift' }
  /** A member who has not confirmed the e-mail address yet (docs/unconfirmed-members.md). */
  | { kind: 'activation'; action: 'like' | 'swipe' | 'message' | 'gift' };

const useMemberNoticeStore = create<{ notice: MemberNotice | null }>()(() => ({ notice: null }));

export const showMemberNotice = (notice: MemberNotice): void => useMemberNoticeStore.setState({ notice });
export const closeMemberNotice = (): void => useMemberNoticeStore.setState({ notice: null });
export const getMemberNotice = (): MemberNotice | null => useMemberNoticeStore.getState().notice;

export function useMemberNotice(): MemberNotice | null {
  return useMemberNoticeStore((state) => state.notice);
}

/**
 * SPEC sections 6 and 8 for a profile's message and gift buttons: visitors must log in, members confirm the e-mail
 * address first (docs/unconfirmed-members.md), a fictional profile cannot be messaged (said before anything is
 * charged); null when the button leads to the conversation.
 */
export function getChatNotice(
  viewer: Pick<User, 'status'> | null | undefined,
  profile: { is_fictional: boolean },
  action: 'message' | 'gift',
): MemberNotice | null {
  if (!viewer) return { kind: 'login', action };
  if (viewer.status === 'not_confirmed') return { kind: 'activation', action };
  return profile.is_fictional ? { kind: 'not-messageable', action } : null;
}
