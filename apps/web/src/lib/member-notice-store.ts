// The notice shown instead of a members feature the viewer cannot use yet: log in (visitors), confirm the e-mail address
// (unconfirmed members), premium only (free members), coming with chat.
import { create } from 'zustand';

/** What the viewer tried: the notice names it. */
export type NoticeAction = 'like' | 'message' | 'gift' | 'photos';
export type MemberNotice =
  | { kind: 'login'; action: NoticeAction }
  | { kind: 'premium'; action: NoticeAction }
  | { kind: 'chat-soon'; action: NoticeAction }
  /** A member who has not confirmed the e-mail address yet (docs/unconfirmed-members.md). */
  | { kind: 'activation'; action: 'like' | 'swipe' };

const useMemberNoticeStore = create<{ notice: MemberNotice | null }>()(() => ({ notice: null }));

export const showMemberNotice = (notice: MemberNotice): void => useMemberNoticeStore.setState({ notice });
export const closeMemberNotice = (): void => useMemberNoticeStore.setState({ notice: null });
export const getMemberNotice = (): MemberNotice | null => useMemberNoticeStore.getState().notice;

export function useMemberNotice(): MemberNotice | null {
  return useMemberNoticeStore((state) => state.notice);
}

/**
 * SPEC sections 6 and 8 for the message and gift buttons until the chat exists: visitors must log in,
 * free members get the premium-only alert, premium members hear that chat is on its way.
 */
export function getChatNotice(viewer: { paid_user: boolean } | null, action: 'message' | 'gift'): MemberNotice {
  if (!viewer) return { kind: 'login', action };
  return viewer.paid_user ? { kind: 'chat-soon', action } : { kind: 'premium', action };
}
