// PUT /api/user.php { language }: saves a logged-in member's interface language to the account.
import type { UpdateLanguageRequest } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const updateLanguage = (body: UpdateLanguageRequest) =>
  apiRequest('user.php', { method: 'PUT', body, response: 'userResponseSchema' });
