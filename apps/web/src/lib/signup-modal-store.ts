// Whether the signup modal is open (and for which member's page); kept in sessionStorage so a reload reopens it mid-signup.
import { useSyncExternalStore } from 'react';
import { readItem, removeItem, writeItem } from './storage.ts';

export type SignupModalState = { isOpen: boolean; targetProfileId?: number };

const STORAGE_KEY = 'signup_modal';
const CLOSED: SignupModalState = { isOpen: false };

function readStored(): SignupModalState {
  try {
    const parsed = JSON.parse(readItem(STORAGE_KEY, 'session') ?? 'null') as SignupModalState | null;
    return parsed?.isOpen ? { isOpen: true, ...(parsed.targetProfileId ? { targetProfileId: Number(parsed.targetProfileId) } : {}) } : CLOSED;
  } catch {
    return CLOSED;
  }
}

let state: SignupModalState | null = null;
const listeners = new Set<() => void>();
/** How many layouts render the modal right now: without one, Sign up links go to the signup page instead. */
let mountedCount = 0;

function getState(): SignupModalState {
  return (state ??= readStored());
}

function setState(next: SignupModalState) {
  state = next;
  if (next.isOpen) writeItem(STORAGE_KEY, JSON.stringify(next), 'session');
  else removeItem(STORAGE_KEY, 'session');
  listeners.forEach((listener) => listener());
}

export function openSignupModal(options: { targetProfileId?: number } = {}): void {
  setState({ isOpen: true, ...(options.targetProfileId ? { targetProfileId: options.targetProfileId } : {}) });
}

export function closeSignupModal(): void {
  if (getState().isOpen) setState(CLOSED);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useSignupModalState(): SignupModalState {
  return useSyncExternalStore(subscribe, getState, getState);
}

export function registerSignupModal(): () => void {
  mountedCount += 1;
  return () => {
    mountedCount -= 1;
  };
}

export function isSignupModalAvailable(): boolean {
  return mountedCount > 0;
}

/** Tests start from a closed modal. */
export function resetSignupModal(): void {
  state = null;
  removeItem(STORAGE_KEY, 'session');
}
