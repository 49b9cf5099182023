// Unsent signup form values kept for the tab (sessionStorage), so a reload mid-signup loses nothing. Passwords are never stored.
import { readItem, removeItem, writeItem } from '../../../lib/storage.ts';

export const SIGNUP_DRAFTS = ['account', 'about_me', 'details'] as const;
export type SignupDraftName = (typeof SIGNUP_DRAFTS)[number];

const keyOf = (name: SignupDraftName) => `signup_draft_${name}`;
const NEVER_STORED = new Set(['password']);

export function readSignupDraft(name: SignupDraftName): Record<string, string> {
  try {
    const parsed = JSON.parse(readItem(keyOf(name), 'session') ?? '{}') as Record<string, unknown>;
    return Object.fromEntries(
      Object.entries(parsed).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string' && !NEVER_STORED.has(entry[0]),
      ),
    );
  } catch {
    return {};
  }
}

export function writeSignupDraft(name: SignupDraftName, values: Record<string, string>): void {
  const stored = Object.fromEntries(Object.entries(values).filter(([key]) => !NEVER_STORED.has(key)));
  writeItem(keyOf(name), JSON.stringify(stored), 'session');
}

export function clearSignupDraft(name: SignupDraftName): void {
  removeItem(keyOf(name), 'session');
}

export function clearSignupDrafts(): void {
  SIGNUP_DRAFTS.forEach(clearSignupDraft);
}
