// The query keys of the console's staff (all under adminKeys.all, so a logout forgets them).
import { adminKeys } from './admin-keys.ts';

export const staffKeys = { me: [...adminKeys.all, 'me'] as const };
