// GET /api/email-suggestion.php?email= : "Did you mean …?" for a mistyped e-mail domain (null when it looks right).
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { SESSION_INDEPENDENT_META } from '../../../lib/session/session-cache.ts';

export const emailSuggestionKeys = {
  all: ['email-suggestion'] as const,
  address: (email: string) => [...emailSuggestionKeys.all, email] as const,
};

export const getEmailSuggestion = (email: string) =>
  apiRequest('email-suggestion.php', { query: { email }, retries: 0, response: 'emailSuggestionResponseSchema' });

export const emailSuggestionQueryOptions = (email: string) =>
  queryOptions({
    queryKey: emailSuggestionKeys.address(email),
    meta: SESSION_INDEPENDENT_META,
    queryFn: () => getEmailSuggestion(email),
    staleTime: Infinity,
    select: (data) => data.suggestion,
  });

/** Asks only for an address that looks complete (something@domain.tld). */
export const useEmailSuggestion = (email: string) =>
  useQuery({ ...emailSuggestionQueryOptions(email), enabled: /^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) });
