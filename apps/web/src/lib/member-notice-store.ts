// The notice shown instead of a members feature the viewer cannot use yet: log in (visitors), premium only (free members), coming with chat.
import { useSyncExternalStore } from 'react';

/** What the viewer tried: the notice names it. */
export type NoticeAction = 'like' | 'message' | 'gift' | 'photos';
export type MemberNotice = { kind: 'login'; action: NoticeAction } | { kind: 'premium'; action: NoticeAction } | { kind: 'chat-soon'; action: NoticeAction };

let notice: MemberNotice | null = null;
const listeners = new Set<() => void>();

function setNotice(next: MemberNotice | null) {
  notice = next;
  listeners.forEach((listener) => listener());
}

export const showMemberNotice = (next: MemberNotice): void => setNotice(next);
export const closeMemberNotice = (): void => setNotice(null);
export const getMemberNotice = (): MemberNotice | null => notice;

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useMemberNotice(): MemberNotice | null {
  return useSyncExternalStore(subscribe, getMemberNotice, getMemberNotice);
}

/**
 * SPEC sections 6 and 8 for the message and gift buttons until the chat exists: visitors must log in,
 * free members get the premium-only alert, premium members hear that chat is on its way.
 */
export function getChatNotice(viewer: { paid_user: boolean } | null, action: 'message' | 'gift'): MemberNotice {
  if (!viewer) return { kind: 'login', action };
  return viewer.paid_user ? { kind: 'chat-soon', action } : { kind: 'premium', action };
}
