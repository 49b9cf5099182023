// The query keys of the console's verifications (all under adminKeys.all, so a logout forgets them).
import { adminKeys } from './admin-keys.ts';

export const adminVerificationKeys = { all: [...adminKeys.all, 'verifications'] as const };
