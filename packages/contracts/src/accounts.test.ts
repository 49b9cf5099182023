import { describe, expect, it } from 'vitest';
import {
  ageOn,
  changePasswordRequestSchema,
  dateOfBirthSchema,
  deleteAccountRequestSchema,
  emailSchema,
  newEmailSchema,
  signupAccountFormSchema,
  trackingSchema,
} from './accounts.ts';

const messages = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('account form schemas', () => {
  const now = () => new Date('2024-06-15T12:00:00Z');

  it('checks the date of birth against the given minimum age', () => {
    const schema = dateOfBirthSchema(18, now);
    expect(schema.safeParse('2006-06-15').success).toBe(true);
    expect(schema.safeParse('2006-06-16').error?.issues[0]).toMatchObject({
      message: 'date_of_birth_min_age',
      params: { min_age: 18 },
    });
    expect(schema.safeParse('').error?.issues[0]?.message).toBe('date_of_birth_min_age');
    for (const bad of ['2001-02-29', '15-06-2000', '1900-01-01', '2030-01-01'])
      expect(schema.safeParse(bad).error?.issues[0]?.message, bad).toBe('date_of_birth_invalid');
    expect(dateOfBirthSchema(21, now).safeParse('2004-06-15').error?.issues[0]?.message).toBe('date_of_birth_min_age');
    expect(ageOn('2000-02-29', new Date('2024-02-28T00:00:00Z'))).toBe(23);
    expect(ageOn('2000-02-29', new Date('2024-02-29T00:00:00Z'))).toBe(24);
  });

  it('normalises and checks e-mail addresses with their own messages', () => {
    expect(emailSchema.parse('  Anna@Example.COM ')).toBe('anna@example.com');
    expect(messages(emailSchema.safeParse('anna@'))).toEqual([['', 'invalid_email']]);
    expect(messages(newEmailSchema.safeParse('anna'))).toEqual([['', 'new_email_invalid']]);
  });

  it('refuses a username equal to the e-mail or starting with @', () => {
    const schema = signupAccountFormSchema(18, now);
    const base = { email: 'anna@example.com', password: '12345678', date_of_birth: '1990-01-01' };
    expect(messages(schema.safeParse({ ...base, username: 'ANNA@example.com' }))).toEqual([
      ['username', 'username_equals_email'],
    ]);
    expect(messages(schema.safeParse({ ...base, username: '@anna' }))).toEqual([
      ['username', 'username_starts_with_at'],
    ]);
    expect(schema.safeParse({ ...base, username: 'anna' }).success).toBe(true);
  });

  it('wants matching passwords and remarks for "other"', () => {
    expect(
      messages(
        changePasswordRequestSchema.safeParse({
          old_password: 'x',
          password: '12345678',
          password_confirmation: '12345679',
        }),
      ),
    ).toEqual([['password_confirmation', 'passwords_not_same']]);
    expect(
      messages(deleteAccountRequestSchema.safeParse({ reason: 'other', remarks: ' ', password: 'secret' })),
    ).toEqual([['remarks', 'remarks_required']]);
    expect(deleteAccountRequestSchema.safeParse({ reason: 'price', password: 'secret' }).success).toBe(true);
    // Re-authentication: the current password is part of the request.
    expect(messages(deleteAccountRequestSchema.safeParse({ reason: 'price' }))).toEqual([
      ['password', 'password_incorrect'],
    ]);
  });

  it('strips braces from tracking values', () => {
    expect(trackingSchema.parse({ network: '{net}', ref: 'r{1}' })).toEqual({ network: 'net', ref: 'r1' });
  });
});
