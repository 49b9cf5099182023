// The query keys of the console's audit (all under adminKeys.all, so a logout forgets them).
import { adminKeys } from './admin-keys.ts';

export const auditKeys = { all: [...adminKeys.all, 'audit'] as const };
