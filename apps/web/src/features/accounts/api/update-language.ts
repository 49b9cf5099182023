// PUT /api/user.php { language }: saves a logged-in member's interface language to the account.
import type { UpdateLanguageRequest, UserResponse } from '@app/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export const updateLanguage = (body: UpdateLanguageRequest) => apiRequest<UserResponse>('user.php', { method: 'PUT', body });
