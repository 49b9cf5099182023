// Accounts: the `{ user }` payload, login, signup steps, activation, password reset/change, e-mail change and deletion.
// Every zod message below is an error code: a key of the `errors` i18n namespace that the web forms and the server share.
import { z } from 'zod';

export const USER_STATUSES = ['not_confirmed', 'active', 'deleted_pending'] as const;
export type UserStatus = (typeof USER_STATUSES)[number];
export const PROFILE_STATUSES = ['active', 'disabled'] as const;
export type ProfileStatus = (typeof PROFILE_STATUSES)[number];
/** The genders of SPEC's search filter and of existing answers: `male` and `female` keep their meaning. */
export const GENDERS = ['male', 'female'] as const;
/** What a member may describe themselves as (docs/members.md, "Genders beyond two"): non-binary besides the two. */
export const PROFILE_GENDERS = ['male', 'female', 'non_binary'] as const;
/** Whom a member wants to see; no choice: derived from gender and sexuality (docs/orientation.md). */
export const SHOW_ME = ['men', 'women', 'everyone'] as const;
export const SEXUALITIES = ['hetero', 'gay', 'lesbian', 'bi'] as const;
/** SPEC section 8: why mail notifications may be switched off by the system. */
export const NOTIFICATIONS_DISABLED_REASONS = ['spam', 'bounce', 'unsubscribed'] as const;
export const DELETE_REASONS = [
  'price',
  'found_someone',
  'not_looking',
  'site_problems',
  'no_members',
  'time',
  'other',
] as const;
export type DeleteReason = (typeof DELETE_REASONS)[number];
/** SPEC section 3: tracking data kept on the account (referral values have braces removed). */
export const TRACKING_KEYS = ['network', 'ref', 'sub1', 'sub2', 'sub3'] as const;
/** Signup steps of SPEC section 2; `signup_step` in the user says which one is next (5 = all done, confirm e-mail). */
export const SIGNUP_STEPS = { account: 0, photo: 1, aboutMe: 2, details: 3, push: 4, done: 5 } as const;

export const USERNAME_MIN_LENGTH = 3;
export const USERNAME_MAX_LENGTH = 30;
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 254;
export const ABOUT_ME_MAX_LENGTH = 2000;
export const SIGNUP_MESSAGE_MAX_LENGTH = 1000;
export const DELETE_REMARKS_MAX_LENGTH = 2000;
/** Beyond this a date of birth is a typo, not a member. */
export const MAX_AGE_YEARS = 120;

/** Error codes of this feature; each is a key in the `errors` namespace. */
export const ACCOUNT_ERROR_CODES = [
  'invalid_email',
  'new_email_invalid',
  'email_taken',
  'account_exists',
  'deleted_account_exists',
  'username_required',
  'username_too_short',
  'username_too_long',
  'username_equals_email',
  'username_starts_with_at',
  'username_invisible',
  'date_of_birth_min_age',
  'date_of_birth_invalid',
  'password_required',
  'password_too_short',
  'password_too_long',
  'passwords_not_same',
  'old_password_wrong',
  'password_incorrect',
  'login_failed',
  'account_locked',
  'signups_invite_only',
  'reset_email_not_found',
  'reset_limit_reached',
  'link_invalid',
  'activation_failed',
  'already_activated',
  'activation_required',
  'remarks_required',
  'profile_not_found',
  'not_enough_credits',
] as const;
export type AccountErrorCode = (typeof ACCOUNT_ERROR_CODES)[number];

// ---------------------------------------------------------------------------------------------
// Field schemas (shared by forms and routes)
// ---------------------------------------------------------------------------------------------

/** Trimmed and lower-cased; accounts are unique per site by this value. */
export const emailSchema = z
  .string({ error: 'invalid_email' })
  .trim()
  .toLowerCase()
  .min(1, 'invalid_email')
  .max(EMAIL_MAX_LENGTH, 'invalid_email')
  .pipe(z.email('invalid_email'));

/** The new address of an e-mail change: same rules, its own message ("New email adress is invalid"). */
export const newEmailSchema = z
  .string({ error: 'new_email_invalid' })
  .trim()
  .toLowerCase()
  .min(1, 'new_email_invalid')
  .max(EMAIL_MAX_LENGTH, 'new_email_invalid')
  .pipe(z.email('new_email_invalid'));

export const usernameSchema = z
  .string({ error: 'username_required' })
  .trim()
  .min(1, 'username_required')
  .min(USERNAME_MIN_LENGTH, 'username_too_short')
  .max(USERNAME_MAX_LENGTH, 'username_too_long')
  .refine((value) => !value.startsWith('@'), 'username_starts_with_at')
  // Spaces, zero-width and direction-override characters alone show as an empty name.
  .refine((value) => /[^\p{Z}\p{C}]/u.test(value), 'username_invisible');

export const passwordSchema = z
  .string({ error: 'password_required' })
  .min(1, 'password_required')
  .min(PASSWORD_MIN_LENGTH, 'password_too_short')
  .max(PASSWORD_MAX_LENGTH, 'password_too_long');

/** Whole years between a YYYY-MM-DD birth date and `now` (UTC calendar days). */
export function ageOn(dateOfBirth: string, now: Date = new Date()): number {
  const [year, month, day] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = now.getUTCFullYear() - year;
  const hadBirthday = now.getUTCMonth() + 1 > month || (now.getUTCMonth() + 1 === month && now.getUTCDate() >= day);
  if (!hadBirthday) age -= 1;
  return age;
}

/** True for a real calendar date written YYYY-MM-DD (rejects 2001-02-30). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/**
 * Date of birth YYYY-MM-DD, at least `minAge` (the site's settings.min_age) years old on `now`.
 * Empty: "Enter your date of birth ({{min_age}}+)"; not a date or in the future: "Invalid date of birth".
 * The server answers `date_of_birth_min_age` with params { min_age }; a form passes min_age to t() itself.
 */
export function dateOfBirthSchema(minAge: number, now: () => Date = () => new Date()) {
  return z
    .string({ error: 'date_of_birth_min_age' })
    .trim()
    .min(1, 'date_of_birth_min_age')
    .superRefine((value, ctx) => {
      if (!isCalendarDate(value)) {
        ctx.addIssue({ code: 'custom', message: 'date_of_birth_invalid' });
        return;
      }
      const age = ageOn(value, now());
      if (age < 0 || age > MAX_AGE_YEARS) ctx.addIssue({ code: 'custom', message: 'date_of_birth_invalid' });
      else if (age < minAge)
        ctx.addIssue({ code: 'custom', message: 'date_of_birth_min_age', params: { min_age: minAge } });
    });
}

/** Tracking query values of SPEC section 3; braces are stripped (`{sub1}` placeholders left by ad networks). */
export const trackingValueSchema = z
  .string()
  .max(200)
  .transform((value) => value.replace(/[{}]/g, '').trim())
  .optional();
export const trackingSchema = z.object({
  network: trackingValueSchema,
  ref: trackingValueSchema,
  sub1: trackingValueSchema,
  sub2: trackingValueSchema,
  sub3: trackingValueSchema,
});
export type Tracking = z.input<typeof trackingSchema>;

// ---------------------------------------------------------------------------------------------
// The user payload (SPEC section 3)
// ---------------------------------------------------------------------------------------------

/** The image statuses of SPEC section 3 ("active" seen). Every image answered is active: a rejected photo is deleted. */
/**
 * SPEC section 3 shows `active`; `review`: held for staff review (docs/safety.md), only ever in the owner's own photo
 * list (nobody else is shown a held photo).
 */
export const IMAGE_STATUSES = ['active', 'review'] as const;
export const mainImageSchema = z.object({
  filename: z.string(),
  thumb_filename: z.string(),
  status: z.enum(IMAGE_STATUSES),
});

export const userProfileSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  country: z.string().nullable(),
  main_image: mainImageSchema.nullable(),
  status: z.enum(PROFILE_STATUSES),
});

export const userSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  status: z.enum(USER_STATUSES),
  /** Balance of the credit ledger. */
  credits: z.number().int(),
  /** True after the first credit purchase, and stays true at zero credits. */
  paid_user: z.boolean(),
  /** ISO 8601; the time bonus counts 4 hours from here. */
  signup_date: z.string(),
  language: z.string(),
  /** The site's fictional-profile icon (settings.fictional_icon). */
  fictional_icon: z.string(),
  notifications_disabled: z.array(z.enum(NOTIFICATIONS_DISABLED_REASONS)),
  /** The next signup step to show (0-4), or 5 when every step is done. */
  signup_step: z.number().int().min(0).max(5),
  /** Whether a push subscription is stored (the web refreshes the user every 300 s instead of 60 s then). */
  push_subscribed: z.boolean(),
  profile: userProfileSchema,
});
export type User = z.infer<typeof userSchema>;
export type UserProfile = z.infer<typeof userProfileSchema>;

export const userResponseSchema = z.object({ user: userSchema });
export type UserResponse = z.infer<typeof userResponseSchema>;
export const successResponseSchema = z.object({ success: z.literal(true) });
export type SuccessResponse = z.infer<typeof successResponseSchema>;

// ---------------------------------------------------------------------------------------------
// user.php, logout.php
// ---------------------------------------------------------------------------------------------

/** POST /api/user.php: login. Any wrong e-mail or password answers 401 `login_failed`. */
export const loginRequestSchema = z.object({
  email: z.string().trim().toLowerCase().min(1, 'invalid_email').max(EMAIL_MAX_LENGTH, 'invalid_email'),
  password: z.string().min(1, 'password_required').max(PASSWORD_MAX_LENGTH, 'login_failed'),
});
export type LoginRequest = z.infer<typeof loginRequestSchema>;

/** PUT /api/user.php */
export const updateLanguageRequestSchema = z.object({ language: z.string().min(2).max(5) });
export type UpdateLanguageRequest = z.infer<typeof updateLanguageRequestSchema>;

/** POST /api/user.php?push=1: the browser's PushSubscription.toJSON(); null removes it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url().max(2000),
  // Milliseconds since 1970 (the browser's DOMTimeStamp), within what a Date can hold.
  expirationTime: z.number().min(0).max(8.64e15).nullable().optional(),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
/**
 * `subscription: null` removes: with `endpoint`, only that browser's subscription (logging out of one browser must not
 * stop the member's pushes on their other devices); without it, every subscription of the account.
 */
export const pushSubscriptionRequestSchema = z.object({
  subscription: pushSubscriptionSchema.nullable(),
  endpoint: z.url().max(2000).optional(),
});
export type PushSubscriptionRequest = z.infer<typeof pushSubscriptionRequestSchema>;

// ---------------------------------------------------------------------------------------------
// Signup (SPEC sections 2 and 4)
// ---------------------------------------------------------------------------------------------

const signupAccountFields = {
  email: emailSchema,
  username: usernameSchema,
  password: passwordSchema,
  /**
   * YYYY-MM-DD. The server checks it against the site's min_age (answering `date_of_birth_min_age`
   * with params { min_age }); forms use `signupAccountFormSchema(minAge)`.
   */
  date_of_birth: z.string({ error: 'date_of_birth_invalid' }).trim().max(10, 'date_of_birth_invalid').default(''),
  /** First message to a member when signup started on that member's page; delivered once chat exists. */
  signup_message: z.string().trim().max(SIGNUP_MESSAGE_MAX_LENGTH).optional(),
  /** The member (profile id) the signup_message goes to. */
  target_profile_id: z.number().int().positive().max(2_147_483_647).optional(),
  tracking: trackingSchema.optional(),
};

function refineUsernameNotEmail(value: { email: string; username: string }, ctx: z.RefinementCtx) {
  if (value.username.trim().toLowerCase() === value.email.trim().toLowerCase()) {
    ctx.addIssue({ code: 'custom', path: ['username'], message: 'username_equals_email' });
  }
}

/** POST /api/signup.php (step 0): creates the account, logs it in and answers `{ user }` with status 201. */
export const signupAccountRequestSchema = z.object(signupAccountFields).superRefine(refineUsernameNotEmail);
export type SignupAccountRequest = z.input<typeof signupAccountRequestSchema>;

/** The step-0 form with the site's minimum age applied to the date of birth. */
export function signupAccountFormSchema(minAge: number, now?: () => Date) {
  return z
    .object({ ...signupAccountFields, date_of_birth: dateOfBirthSchema(minAge, now) })
    .superRefine(refineUsernameNotEmail);
}

export const signupPhotoStepSchema = z.object({ step: z.literal(1) });
export const signupAboutMeStepSchema = z.object({
  step: z.literal(2),
  about_me: z.string().trim().max(ABOUT_ME_MAX_LENGTH),
});
export const signupDetailsStepSchema = z.object({
  step: z.literal(3),
  gender: z.enum(GENDERS),
  sexuality: z.enum(SEXUALITIES),
  country: z.string().regex(/^[A-Z]{2}$/),
  /** A region code of GET /api/regions.php for that country. */
  region: z.string().max(100).optional(),
  city: z.string().trim().max(100).optional(),
});
/** Push permission: the subscription itself goes to POST /api/user.php?push=1; this step only records it was passed. */
export const signupPushStepSchema = z.object({ step: z.literal(4) });

/** PUT /api/signup.php: steps 1-4 for the logged-in new member; each may be skipped by sending just `{ step }` for 1, 2 and 4. */
export const signupStepRequestSchema = z.discriminatedUnion('step', [
  signupPhotoStepSchema,
  signupAboutMeStepSchema,
  signupDetailsStepSchema,
  signupPushStepSchema,
]);
export type SignupStepRequest = z.infer<typeof signupStepRequestSchema>;

/** GET /api/email-suggestion.php?email= : "Did you mean {{suggestion}}?" for a mistyped domain, else null. */
export const emailSuggestionQuerySchema = z.object({ email: z.string().max(EMAIL_MAX_LENGTH) });
export const emailSuggestionResponseSchema = z.object({ suggestion: z.string().nullable() });
export type EmailSuggestionResponse = z.infer<typeof emailSuggestionResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Activation, password reset, password change, e-mail change, deletion
// ---------------------------------------------------------------------------------------------

/** A token from an e-mailed link (`?token=`). */
export const tokenSchema = z.string().trim().min(16, 'link_invalid').max(200, 'link_invalid');

/** POST /api/activate.php: answers `{ user }` and logs that member in; failure 400 `activation_failed`. */
export const activateRequestSchema = z.object({ token: tokenSchema });

/** POST /api/reset-password.php: sends the reset mail. 404 `reset_email_not_found`, 429 `reset_limit_reached`. */
export const resetPasswordRequestSchema = z.object({ email: emailSchema });

function refinePasswordsSame(value: { password: string; password_confirmation: string }, ctx: z.RefinementCtx) {
  if (value.password !== value.password_confirmation) {
    ctx.addIssue({ code: 'custom', path: ['password_confirmation'], message: 'passwords_not_same' });
  }
}

/** POST /api/reset-password-do.php: sets the password, ends every session, logs in; 400 `link_invalid`. */
export const resetPasswordDoRequestSchema = z
  .object({ token: tokenSchema, password: passwordSchema, password_confirmation: z.string() })
  .superRefine(refinePasswordsSame);
export type ResetPasswordDoRequest = z.infer<typeof resetPasswordDoRequestSchema>;
/** GET /api/reset-password-do.php?token= : checks a link before the form shows (`{ success: true }` or 400 `link_invalid`). */
export const tokenQuerySchema = z.object({ token: z.string().max(200) });

/** POST /api/password.php: 400 `old_password_wrong` (field old_password); other sessions end. */
export const changePasswordRequestSchema = z
  .object({
    old_password: z.string().min(1, 'old_password_wrong').max(PASSWORD_MAX_LENGTH, 'old_password_wrong'),
    password: passwordSchema,
    password_confirmation: z.string(),
  })
  .superRefine(refinePasswordsSame);
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;

/** POST /api/mail-change.php: mails a confirmation link to the new address. 400 `password_incorrect`, 409 `account_exists`. */
export const mailChangeRequestSchema = z.object({
  email: newEmailSchema,
  password: z
    .string({ error: 'password_incorrect' })
    .min(1, 'password_incorrect')
    .max(PASSWORD_MAX_LENGTH, 'password_incorrect'),
});
export type MailChangeRequest = z.infer<typeof mailChangeRequestSchema>;

/** POST /api/mail-change-do.php: confirms the new address; answers the new `email`. 400 `link_invalid`, 409 `account_exists`. */
export const mailChangeDoRequestSchema = z.object({ token: tokenSchema });
export const mailChangeDoResponseSchema = z.object({ success: z.literal(true), email: z.string() });
export type MailChangeDoResponse = z.infer<typeof mailChangeDoResponseSchema>;

/** POST /api/delete-account.php: pending deletion, sessions end, reactivation link mailed (14 days). */
/** POST /api/delete-account.php: the member's current password confirms it is them (re-authentication). */
export const deleteAccountRequestSchema = z
  .object({
    reason: z.enum(DELETE_REASONS),
    remarks: z.string().trim().max(DELETE_REMARKS_MAX_LENGTH).optional(),
    password: z
      .string({ error: 'password_incorrect' })
      .min(1, 'password_incorrect')
      .max(PASSWORD_MAX_LENGTH, 'password_incorrect'),
  })
  .superRefine((value, ctx) => {
    if (value.reason === 'other' && !value.remarks)
      ctx.addIssue({ code: 'custom', path: ['remarks'], message: 'remarks_required' });
  });
export type DeleteAccountRequest = z.infer<typeof deleteAccountRequestSchema>;
/** What the account-deleted page needs: until when the reactivation link works. */
export const deleteAccountResponseSchema = z.object({ success: z.literal(true), reactivate_until: z.string() });
export type DeleteAccountResponse = z.infer<typeof deleteAccountResponseSchema>;

/** POST /api/reactivate.php: answers `{ user }` and logs in; 400 `link_invalid`. */
export const reactivateRequestSchema = z.object({ token: tokenSchema });

/** Days a deleted account can be reactivated (SPEC section 9). */
export const REACTIVATION_DAYS = 14;

// ---------------------------------------------------------------------------------------------
// Development mailbox: GET /dev/mailbox?to= (never in production): the mails not sent without SMTP_URL
// ---------------------------------------------------------------------------------------------

export const devMailSchema = z.object({
  id: z.number().int(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
  template: z.string(),
  links: z.array(z.string()),
  created_at: z.string(),
  /** Extra headers the mail carries (List-Unsubscribe, List-Unsubscribe-Post); the server always sends them. */
  headers: z.record(z.string(), z.string()).optional(),
});
export type DevMail = z.infer<typeof devMailSchema>;
export const devMailboxResponseSchema = z.object({ mails: z.array(devMailSchema) });
export type DevMailboxResponse = z.infer<typeof devMailboxResponseSchema>;
