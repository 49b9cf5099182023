// Whether the signup modal is open (and for which member's page); kept in sessionStorage so a reload reopens it mid-signup.
import { create } from 'zustand';
import { readItem, removeItem, writeItem } from './storage.ts';

export type SignupModalState = { isOpen: boolean; targetProfileId?: number };

const STORAGE_KEY = 'signup_modal';
const CLOSED: SignupModalState = { isOpen: false };

function readStored(): SignupModalState {
  try {
    const parsed = JSON.parse(readItem(STORAGE_KEY, 'session') ?? 'null') as SignupModalState | null;
    return parsed?.isOpen
      ? { isOpen: true, ...(parsed.targetProfileId ? { targetProfileId: Number(parsed.targetProfileId) } : {}) }
      : CLOSED;
  } catch {
    return CLOSED;
  }
}

const useSignupModalStore = create<{ modal: SignupModalState }>()(() => ({ modal: readStored() }));
/** How many layouts render the modal right now: without one, Sign up links go to the signup page instead. */
let mountedCount = 0;

const getState = (): SignupModalState => useSignupModalStore.getState().modal;

function setState(next: SignupModalState) {
  if (next.isOpen) writeItem(STORAGE_KEY, JSON.stringify(next), 'session');
  else removeItem(STORAGE_KEY, 'session');
  useSignupModalStore.setState({ modal: next });
}

export function openSignupModal(options: { targetProfileId?: number } = {}): void {
  setState({ isOpen: true, ...(options.targetProfileId ? { targetProfileId: options.targetProfileId } : {}) });
}

export function closeSignupModal(): void {
  if (getState().isOpen) setState(CLOSED);
}

export function useSignupModalState(): SignupModalState {
  return useSignupModalStore((state) => state.modal);
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
  removeItem(STORAGE_KEY, 'session');
  useSignupModalStore.setState({ modal: CLOSED });
}
