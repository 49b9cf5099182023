// Public entry of match-finder: the signup matches (activation page overview).
export { signupMatchesQueryOptions, useSignupMatches } from './api/get-signup-matches.ts';
