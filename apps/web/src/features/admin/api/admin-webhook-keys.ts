// The query keys of the console's operations (all under adminKeys.all, so a logout forgets them).
import { adminKeys } from './admin-keys.ts';

export const adminWebhookKeys = { all: [...adminKeys.all, 'webhooks'] as const };
