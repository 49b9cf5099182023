// @vitest-environment jsdom
// The exact translated messages of SPEC section 5 and 8, from the shared schemas (client side) and from API answers.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  changePasswordRequestSchema,
  deleteAccountRequestSchema,
  loginRequestSchema,
  mailChangeRequestSchema,
  resetPasswordDoRequestSchema,
  signupAccountFormSchema,
} from '@app/contracts';
import type { z } from 'zod';
import type { TFunction } from 'i18next';
import { ApiError } from './api-client.ts';
import { setupI18n } from '../test-support/render.tsx';
import { toFieldErrors, toFormErrors, translateError, type FieldErrors } from './form-errors.ts';

let t: TFunction;
beforeAll(async () => {
  t = (await setupI18n()).t;
});

const NOW = () => new Date('2025-06-15T12:00:00Z');
const VALID = { email: 'anna@example.com', username: 'Anna', password: 'secret123', date_of_birth: '1990-05-01' };

/** The translated message per field of a failed parse. */
function messages(schema: z.ZodType, input: unknown, overrides?: Record<string, string>): Record<string, string> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: FieldErrors = toFieldErrors(result.error.issues, overrides);
  return Object.fromEntries(
    Object.entries(errors).map(([field, error]) => [field, error ? translateError(t, error) : '']),
  );
}

describe('signup account form (SPEC section 5)', () => {
  const schema = signupAccountFormSchema(18, NOW);

  it('accepts a complete, adult signup', () => {
    expect(messages(schema, VALID)).toEqual({});
  });

  it('says "Invalid email"', () => {
    expect(messages(schema, { ...VALID, email: 'anna@' }).email).toBe('Invalid email');
    expect(messages(schema, { ...VALID, email: '' }).email).toBe('Invalid email');
  });

  it('refuses a username equal to the e-mail or starting with @', () => {
    expect(messages(schema, { ...VALID, username: 'ANNA@example.com' }).username).toBe(
      'Username may not be the same as your e-mail address',
    );
    expect(messages(schema, { ...VALID, username: '@anna' }).username).toBe('Username may not start with @');
  });

  it('asks for a date of birth of at least the minimum age, and refuses impossible dates', () => {
    expect(messages(schema, { ...VALID, date_of_birth: '2010-01-01' }).date_of_birth).toBe(
      'Enter your date of birth (18+)',
    );
    expect(messages(signupAccountFormSchema(21, NOW), { ...VALID, date_of_birth: '2005-01-01' }).date_of_birth).toBe(
      'Enter your date of birth (21+)',
    );
    expect(messages(schema, { ...VALID, date_of_birth: '1990-02-30' }).date_of_birth).toBe('Invalid date of birth');
    expect(messages(schema, { ...VALID, date_of_birth: '2030-01-01' }).date_of_birth).toBe('Invalid date of birth');
  });

  it('names the empty date of birth with the site minimum age once the form adds it', () => {
    const [issue] = schema.safeParse({ ...VALID, date_of_birth: '' }).error?.issues ?? [];
    const error = toFieldErrors(issue ? [issue] : []).date_of_birth!;
    expect(translateError(t, { ...error, params: { min_age: 18, ...error.params } })).toBe(
      'Enter your date of birth (18+)',
    );
  });
});

describe('passwords, e-mail change, login, deletion', () => {
  it('says "The entered passwords are not the same"', () => {
    expect(
      messages(resetPasswordDoRequestSchema, {
        token: 'x'.repeat(20),
        password: 'secret123',
        password_confirmation: 'secret124',
      }).password_confirmation,
    ).toBe('The entered passwords are not the same');
    expect(
      messages(changePasswordRequestSchema, {
        old_password: 'a',
        password: 'secret123',
        password_confirmation: 'other',
      }).password_confirmation,
    ).toBe('The entered passwords are not the same');
  });

  it('says "New email adress is invalid" for a bad new address', () => {
    expect(messages(mailChangeRequestSchema, { email: 'nope', password: 'x' }).email).toBe(
      'New email adress is invalid',
    );
  });

  it('asks for the login fields', () => {
    expect(messages(loginRequestSchema, { email: '', password: '' })).toEqual({
      email: 'Invalid email',
      password: 'Enter a password',
    });
  });

  it('requires remarks for "other" and falls back to a form-specific text for a missing choice', () => {
    expect(messages(deleteAccountRequestSchema, { reason: 'other', password: 'secret' }).remarks).toBe(
      'Please tell us your reason',
    );
    expect(messages(deleteAccountRequestSchema, { reason: 'price', password: '' }).password).toBe(
      'Please check your password',
    );
    expect(
      messages(deleteAccountRequestSchema, { reason: '' }, { reason: 'accounts:deleteAccount.reasonRequired' }).reason,
    ).toBe('Choose a reason');
    expect(messages(deleteAccountRequestSchema, { reason: '' }).reason).toBe('This value is not valid.');
  });
});

describe('API errors', () => {
  const apiError = (status: number, code: string, extra: Record<string, unknown> = {}) =>
    new ApiError(status, code, 'translated by the server', {
      error: { status, code, message: 'translated by the server', ...extra },
    });

  it('translates the code client-side with the server params', () => {
    const { form } = toFormErrors(apiError(429, 'account_locked', { params: { minutes: 15 } }));
    expect(translateError(t, form!)).toBe('Too many incorrect attempts, account blocked for 15 min');
    expect(translateError(t, toFormErrors(apiError(401, 'login_failed')).form!)).toBe('Login failed, please try again');
    expect(translateError(t, toFormErrors(apiError(429, 'reset_limit_reached')).form!)).toBe(
      'Too many password reset emails sent, please try again tomorrow',
    );
    expect(translateError(t, toFormErrors(apiError(404, 'reset_email_not_found')).form!)).toBe(
      'E-mail address not found',
    );
    expect(translateError(t, toFormErrors(apiError(400, 'link_invalid')).form!)).toBe(
      'Link expired or invalid, request a new email',
    );
  });

  it("puts field errors beside their fields and says a field's own error only once", () => {
    const taken = toFormErrors(
      apiError(409, 'account_exists', { fields: [{ path: 'email', code: 'email_taken', message: '' }] }),
    );
    expect(translateError(t, taken.fields.email!)).toBe('This email address already owns an account on this website');
    expect(taken.form?.code).toBe('account_exists');

    const oldPassword = toFormErrors(
      apiError(400, 'old_password_wrong', {
        fields: [{ path: 'old_password', code: 'old_password_wrong', message: '' }],
      }),
    );
    expect(translateError(t, oldPassword.fields.old_password!)).toBe('Please check your old password');
    expect(oldPassword.form).toBeNull();

    const validation = toFormErrors(
      apiError(400, 'validation_failed', {
        fields: [{ path: 'date_of_birth', code: 'date_of_birth_min_age', message: '', params: { min_age: 18 } }],
      }),
    );
    expect(validation.form).toBeNull();
    expect(translateError(t, validation.fields.date_of_birth!)).toBe('Enter your date of birth (18+)');
  });

  it('shows the generic error for anything that is not an API answer, or an unknown code', () => {
    expect(translateError(t, toFormErrors(new TypeError('Failed to fetch')).form!)).toBe(
      'An error occured, please try again later.',
    );
    expect(translateError(t, { code: 'no_such_code' })).toBe('An error occured, please try again later.');
  });
});
