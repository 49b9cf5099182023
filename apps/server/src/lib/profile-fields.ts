// Checks of profile fields that depend on the site, shared by signup and the profile editor.
import { dateOfBirthSchema, type FieldError } from '@app/contracts';

type FieldIssue = Omit<FieldError, 'message'>;

/**
 * A date of birth as stored (YYYY-MM-DD), or why not: `date_of_birth_invalid`, or `date_of_birth_min_age`
 * with the site's `min_age` (SPEC section 5: "Enter your date of birth ({min_age}+)").
 */
export function checkDateOfBirth(
  value: unknown,
  minAge: number,
  now: () => Date,
): { dateOfBirth: string; issue?: never } | { dateOfBirth?: never; issue: FieldIssue } {
  const parsed = dateOfBirthSchema(minAge, now).safeParse(value);
  if (parsed.success) return { dateOfBirth: parsed.data };
  const code = parsed.error.issues[0]?.message ?? 'date_of_birth_invalid';
  return {
    issue: {
      path: 'date_of_birth',
      code,
      ...(code === 'date_of_birth_min_age' ? { params: { min_age: minAge } } : {}),
    },
  };
}
