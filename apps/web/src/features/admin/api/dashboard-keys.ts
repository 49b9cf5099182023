// The query keys of the console's dashboard (all under adminKeys.all, so a logout forgets them).
import { adminKeys } from './admin-keys.ts';

export const dashboardKeys = { all: [...adminKeys.all, 'dashboard'] as const };
