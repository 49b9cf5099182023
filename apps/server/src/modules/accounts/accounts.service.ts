// Account rules: signup in steps, login with lockout, activation, password reset and change, e-mail change, deletion and purge.
import emailSpellChecker from '@zootools/email-spell-checker';
import {
  REACTIVATION_DAYS,
  SIGNUP_STEPS,
  dateOfBirthSchema,
  type DeleteAccountRequest,
  type SignupStepRequest,
  type Tracking,
  type User,
} from '@app/contracts';
import { DEFAULT_LOCALE, isUiLanguage, type UiLanguage } from '@app/i18n';
import type { FieldError } from '@app/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { NewProfileRow, NewUserRow, SiteRow, UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import { DELETE_FILES_JOB, uploadUrl } from '../../plugins/storage/index.ts';
import { regionsOf } from '../content/index.ts';
import { postLedgerEntry } from '../credits/index.ts';
import type { JobQueue } from '../../plugins/jobs/index.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import { createToken, hashPassword, hashToken, verifyAgainstDummy, verifyPassword } from '../../lib/credentials.ts';
import type { AccountsRepository, UserView } from './accounts.repository.ts';
import type { SessionsService } from '../../plugins/session/index.ts';

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** After this many wrong passwords inside the window, the account is locked for LOCK_MS. */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_WINDOW_MS = 15 * MINUTE_MS;
export const LOGIN_LOCK_MS = 15 * MINUTE_MS;
export const ACTIVATION_TOKEN_DAYS = 7;
export const RESET_TOKEN_MINUTES = 60;
export const RESET_MAILS_PER_DAY = 3;
export const EMAIL_CHANGE_TOKEN_HOURS = 24;
export const REACTIVATION_MS = REACTIVATION_DAYS * DAY_MS;
export const PURGE_JOB = 'accounts.purge';

type FieldIssue = Omit<FieldError, 'message'>;
type SiteRef = Pick<SiteRow, 'id' | 'name' | 'mailName' | 'domain' | 'isDefault'>;

const fieldError = (status: number, code: string, fields: FieldIssue[], params?: Record<string, string | number>) =>
  new AppError(status, code, params, fields);
const validationFailed = (fields: FieldIssue[]) => fieldError(400, 'validation_failed', fields);
const accountExists = () => fieldError(409, 'account_exists', [{ path: 'email', code: 'email_taken' }]);
const deletedAccountExists = () => fieldError(409, 'deleted_account_exists', [{ path: 'email', code: 'deleted_account_exists' }]);
const loginFailed = () => new AppError(401, 'login_failed');
const accountLocked = (until: Date, now: Date) =>
  new AppError(429, 'account_locked', { minutes: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE_MS)) });
const linkInvalid = () => new AppError(400, 'link_invalid');
const purgeJobKey = (userId: number) => `accounts.purge:${userId}`;

/** PostgreSQL unique_violation, also when wrapped by the driver or by Drizzle. */
function isUniqueViolation(error: unknown): boolean {
  for (let current = error as { code?: string; cause?: unknown } | undefined; current; current = current.cause as typeof current) {
    if (current.code === '23505') return true;
  }
  return false;
}

function mailLanguage(language: string): UiLanguage {
  return isUiLanguage(language) ? language : DEFAULT_LOCALE;
}

/** SPEC section 3: tracking values are stored without braces; empty values are not stored. */
function cleanTracking(tracking: Tracking | undefined) {
  const clean = (value: string | undefined) => {
    const cleaned = value?.replace(/[{}]/g, '').trim();
    return cleaned ? cleaned : null;
  };
  return {
    trackingNetwork: clean(tracking?.network),
    trackingRef: clean(tracking?.ref),
    trackingSub1: clean(tracking?.sub1),
    trackingSub2: clean(tracking?.sub2),
    trackingSub3: clean(tracking?.sub3),
  };
}

export function toUserPayload(view: UserView, site: Pick<SiteRow, 'fictionalIcon' | 'cdnPrefix'>): User {
  const { user, profile } = view;
  return {
    id: user.id,
    email: user.email,
    status: user.status,
    credits: view.credits,
    paid_user: user.paidUser,
    signup_date: user.createdAt.toISOString(),
    language: user.language,
    fictional_icon: site.fictionalIcon,
    notifications_disabled: user.notificationsDisabled,
    signup_step: user.signupStep,
    push_subscribed: view.isPushSubscribed,
    profile: {
      id: profile.id,
      name: profile.name,
      country: profile.country,
      main_image: view.mainPhoto
        ? { filename: uploadUrl(site.cdnPrefix, view.mainPhoto.fileKey), thumb_filename: uploadUrl(site.cdnPrefix, view.mainPhoto.thumbKey) }
        : null,
      status: profile.status,
    },
  };
}

export type SignupInput = {
  email: string;
  username: string;
  password: string;
  date_of_birth: string;
  signup_message?: string;
  target_profile_id?: number;
  tracking?: Tracking;
};

export type PasswordChecks = {
  verify: (passwordHash: string, password: string) => Promise<boolean>;
  /** Verifies against a throwaway hash: the cost of a verification when there is no account to check. */
  verifyDummy: (password: string) => Promise<void>;
};
const defaultPasswordChecks: PasswordChecks = { verify: verifyPassword, verifyDummy: verifyAgainstDummy };
/** No account has this id (serial ids start at 1). */
const NO_USER_ID = 0;

export function createAccountsService(deps: {
  db: Database;
  accountsRepository: AccountsRepository;
  sessions: Pick<SessionsService, 'endAllOfUser'>;
  mailer: Pick<Mailer, 'send' | 'linkTo'>;
  jobs: Pick<JobQueue, 'enqueue' | 'cancel'>;
  now: () => Date;
  /** Password checks (Argon2id); tests look inside them. */
  passwords?: PasswordChecks;
}) {
  const repo = deps.accountsRepository;
  const passwords = deps.passwords ?? defaultPasswordChecks;

  async function sendActivationMail(user: UserRow, name: string, site: SiteRef, tx: Executor): Promise<void> {
    const { token, tokenHash } = createToken();
    const now = deps.now();
    await repo.insertToken({ userId: user.id, purpose: 'activation', tokenHash, expiresAt: new Date(now.getTime() + ACTIVATION_TOKEN_DAYS * DAY_MS) }, tx);
    await deps.mailer.send(
      {
        template: 'activation',
        to: user.email,
        language: mailLanguage(user.language),
        site,
        name,
        link: deps.mailer.linkTo(site, `/activate?token=${token}`),
        params: { days: ACTIVATION_TOKEN_DAYS },
      },
      tx,
    );
  }

  /** Every new member: the account, its profile and the site's signup credits, in the caller's transaction. */
  async function insertMember(
    tx: Executor,
    site: Pick<SiteRow, 'id' | 'signupCredits'>,
    user: Omit<NewUserRow, 'siteId'>,
    profile: Omit<NewProfileRow, 'siteId' | 'userId'>,
  ): Promise<UserRow> {
    const row = await repo.insertUser({ ...user, siteId: site.id }, tx);
    await repo.insertProfile({ ...profile, siteId: site.id, userId: row.id }, tx);
    if (site.signupCredits > 0) {
      await postLedgerEntry(tx, { userId: row.id, amount: site.signupCredits, reason: 'signup_bonus', idempotencyKey: `signup_bonus:${row.id}` });
    }
    return row;
  }

  async function profileName(userId: number, tx: Executor = deps.db): Promise<string> {
    return (await repo.findUserView(userId, tx))?.profile.name ?? '';
  }

  /** Loads a usable token and its member on this site, inside `tx`; anything else is the caller's error. */
  async function useToken(
    tx: Executor,
    token: string,
    purpose: 'activation' | 'password_reset' | 'email_change' | 'reactivation',
    site: Pick<SiteRow, 'id'>,
  ) {
    const now = deps.now();
    const row = await repo.findUsableToken(hashToken(token), purpose, now, tx);
    if (!row) return undefined;
    const user = await repo.findUserById(row.userId, tx, { forUpdate: true });
    if (!user || user.siteId !== site.id) return undefined;
    await repo.useTokens(user.id, purpose, now, tx);
    return { token: row, user, now };
  }

  /** Marks the account confirmed: the link proved the member reads this mailbox. */
  async function activate(tx: Executor, user: UserRow, now: Date): Promise<void> {
    if (user.status !== 'not_confirmed') return;
    await repo.updateUser(user.id, { status: 'active', activatedAt: now }, tx);
    await repo.updateProfileOfUser(user.id, { status: 'active' }, tx);
    await repo.useTokens(user.id, 'activation', now, tx);
  }

  return {
    toUserPayload,

    async getUser(userId: number, site: Pick<SiteRow, 'fictionalIcon' | 'cdnPrefix'>): Promise<User> {
      const view = await repo.findUserView(userId);
      if (!view) throw new AppError(403, 'authentication_required');
      return toUserPayload(view, site);
    },

    /** "Did you mean ...?" for a mistyped domain of a popular mail provider. */
    suggestEmail(email: string): string | null {
      const trimmed = email.trim().toLowerCase();
      if (!/^[^@\s]+@[^@\s]+$/.test(trimmed)) return null;
      const suggestion = emailSpellChecker.run({ email: trimmed });
      return suggestion && suggestion.full !== trimmed ? suggestion.full : null;
    },

    /** Step 0: creates the account (not confirmed, profile disabled, signup credits), mails the activation link. */
    async signup(input: SignupInput, context: { site: SiteRow; language: UiLanguage }): Promise<UserRow> {
      const { site } = context;
      const tracking = cleanTracking(input.tracking);
      if (site.signups === 'other') throw new AppError(403, 'signups_invite_only');
      if (site.signups === 'with_trafficsource' && !tracking.trackingNetwork && !tracking.trackingRef) throw new AppError(403, 'signups_invite_only');

      const dateOfBirth = dateOfBirthSchema(site.minAge, deps.now).safeParse(input.date_of_birth);
      if (!dateOfBirth.success) {
        const code = dateOfBirth.error.issues[0]?.message ?? 'date_of_birth_invalid';
        throw validationFailed([{ path: 'date_of_birth', code, ...(code === 'date_of_birth_min_age' ? { params: { min_age: site.minAge } } : {}) }]);
      }
      const existing = await repo.findUserByEmail(site.id, input.email);
      if (existing) throw existing.status === 'deleted_pending' ? deletedAccountExists() : accountExists();

      const message = input.signup_message?.trim();
      const targetProfileId = message ? input.target_profile_id : undefined;
      if (targetProfileId !== undefined) {
        const target = await repo.findProfile(targetProfileId);
        if (!target || target.siteId !== site.id) throw fieldError(404, 'profile_not_found', [{ path: 'target_profile_id', code: 'profile_not_found' }]);
      }

      const passwordHash = await hashPassword(input.password);
      try {
        return await deps.db.transaction(async (tx) => {
          const now = deps.now();
          const user = await insertMember(
            tx,
            site,
            { email: input.email, passwordHash, status: 'not_confirmed', language: context.language, signupStep: SIGNUP_STEPS.photo, createdAt: now, ...tracking },
            { name: input.username, dateOfBirth: dateOfBirth.data, status: 'disabled' },
          );
          if (message && targetProfileId !== undefined) await repo.insertPendingMessage({ userId: user.id, targetProfileId, body: message }, tx);
          await sendActivationMail(user, input.username, site, tx);
          return user;
        });
      } catch (error) {
        // Two signups with one address at the same moment: the unique index decides, the loser gets the normal answer.
        if (isUniqueViolation(error)) throw accountExists();
        throw error;
      }
    },

    /** Steps 1-4 (each may be repeated); the next step moves forward only. */
    async completeSignupStep(user: UserRow, site: Pick<SiteRow, 'countries'>, step: SignupStepRequest): Promise<void> {
      await deps.db.transaction(async (tx) => {
        if (step.step === 2) await repo.updateProfileOfUser(user.id, { aboutMe: step.about_me || null }, tx);
        if (step.step === 3) {
          if (!site.countries.includes(step.country)) throw validationFailed([{ path: 'country', code: 'invalid_value' }]);
          // The same rule as the profile editor: a region is one of GET /api/regions.php for that country.
          if (step.region && !regionsOf(step.country).some((known) => known.code === step.region)) {
            throw validationFailed([{ path: 'region', code: 'region_invalid' }]);
          }
          await repo.updateProfileOfUser(
            user.id,
            { gender: step.gender, sexuality: step.sexuality, country: step.country, region: step.region || null, city: step.city || null },
            tx,
          );
        }
        const next = Math.max(user.signupStep, step.step + 1);
        if (next !== user.signupStep) await repo.updateUser(user.id, { signupStep: next }, tx);
      });
    },

    /**
     * Password login. Unknown e-mail and wrong password answer the same; LOGIN_MAX_FAILURES wrong
     * passwords within LOGIN_WINDOW_MS lock the account for LOGIN_LOCK_MS, right password or not.
     */
    async login(
      site: Pick<SiteRow, 'id'>,
      email: string,
      password: string,
      options: {
        /** Counts a failed login for an address without an account; answers how long that address now counts as locked (ms, 0 = not). */
        recordUnknownEmailFailure?: () => Promise<number>;
      } = {},
    ): Promise<UserRow> {
      const user = await repo.findUserByEmail(site.id, email);
      const now = deps.now();
      if (!user) {
        // The work of a wrong password for an account, so the time taken tells nothing: one Argon2id verification
        // and one failure update (by a primary key no row has).
        await passwords.verifyDummy(password);
        await repo.recordLoginFailure(NO_USER_ID, now, new Date(now.getTime() - LOGIN_WINDOW_MS));
        // An address without an account locks like an account does, so the lockout does not tell which addresses exist.
        const lockedForMs = (await options.recordUnknownEmailFailure?.()) ?? 0;
        if (lockedForMs > 0) throw accountLocked(new Date(now.getTime() + lockedForMs), now);
        throw loginFailed();
      }
      // Checked even while locked, so a locked account answers as slowly as an unknown address.
      const isPasswordRight = await passwords.verify(user.passwordHash, password);
      if (user.lockedUntil && user.lockedUntil > now) throw accountLocked(user.lockedUntil, now);
      if (!isPasswordRight) {
        const failures = await repo.recordLoginFailure(user.id, now, new Date(now.getTime() - LOGIN_WINDOW_MS));
        if (failures >= LOGIN_MAX_FAILURES) {
          const until = new Date(now.getTime() + LOGIN_LOCK_MS);
          await repo.updateUser(user.id, { lockedUntil: until, failedLoginCount: 0, failedLoginWindowStart: null });
          throw accountLocked(until, now);
        }
        throw loginFailed();
      }
      if (user.status === 'deleted_pending') throw new AppError(403, 'deleted_account_exists');
      if (user.failedLoginCount > 0 || user.lockedUntil) {
        await repo.updateUser(user.id, { failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null });
      }
      return user;
    },

    async updateLanguage(userId: number, language: UiLanguage): Promise<void> {
      await repo.updateUser(userId, { language });
    },

    async savePushSubscription(userId: number, subscription: { endpoint: string; keys: { p256dh: string; auth: string } } | null): Promise<void> {
      if (!subscription) await repo.deletePushSubscriptions(userId);
      else await repo.savePushSubscription(userId, { endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth });
    },

    /** The link of the activation mail; answers the activated member. Any failure is `activation_failed`. */
    async activate(token: string, site: Pick<SiteRow, 'id'>): Promise<UserRow> {
      return deps.db.transaction(async (tx) => {
        const found = await useToken(tx, token, 'activation', site);
        if (!found || found.user.status === 'deleted_pending') throw new AppError(400, 'activation_failed');
        await activate(tx, found.user, found.now);
        return found.user;
      });
    },

    async resendActivation(user: UserRow, site: SiteRef): Promise<void> {
      if (user.status !== 'not_confirmed') throw new AppError(409, 'already_activated');
      const name = await profileName(user.id);
      await deps.db.transaction((tx) => sendActivationMail(user, name, site, tx));
    },

    /** Mails a reset link (valid RESET_TOKEN_MINUTES, single use); at most RESET_MAILS_PER_DAY per account per 24 h. */
    async requestPasswordReset(site: SiteRef, email: string): Promise<void> {
      const user = await repo.findUserByEmail(site.id, email);
      if (!user) throw fieldError(404, 'reset_email_not_found', [{ path: 'email', code: 'reset_email_not_found' }]);
      if (user.status === 'deleted_pending') throw deletedAccountExists();
      const name = await profileName(user.id);
      await deps.db.transaction(async (tx) => {
        // The row lock makes the daily count exact when requests race.
        await repo.findUserById(user.id, tx, { forUpdate: true });
        const now = deps.now();
        const sent = await repo.countTokensSince(user.id, 'password_reset', new Date(now.getTime() - DAY_MS), tx);
        if (sent >= RESET_MAILS_PER_DAY) throw new AppError(429, 'reset_limit_reached');
        const { token, tokenHash } = createToken();
        await repo.insertToken(
          { userId: user.id, purpose: 'password_reset', tokenHash, expiresAt: new Date(now.getTime() + RESET_TOKEN_MINUTES * MINUTE_MS) },
          tx,
        );
        await deps.mailer.send(
          {
            template: 'passwordReset',
            to: user.email,
            language: mailLanguage(user.language),
            site,
            name,
            link: deps.mailer.linkTo(site, `/reset-password/do?token=${token}`),
            params: { minutes: RESET_TOKEN_MINUTES },
          },
          tx,
        );
      });
    },

    /** Whether a reset link still works, without using it (the page checks before showing the form). */
    async checkResetToken(token: string, site: Pick<SiteRow, 'id'>): Promise<void> {
      const row = await repo.findUsableToken(hashToken(token), 'password_reset', deps.now());
      const user = row && (await repo.findUserById(row.userId));
      if (!user || user.siteId !== site.id || user.status === 'deleted_pending') throw linkInvalid();
    },

    /** Sets a new password from a reset link: every session ends, the lockout is lifted, and the mailbox is proven (activates). */
    async resetPassword(token: string, password: string, site: Pick<SiteRow, 'id'>): Promise<UserRow> {
      const passwordHash = await hashPassword(password);
      return deps.db.transaction(async (tx) => {
        const found = await useToken(tx, token, 'password_reset', site);
        if (!found || found.user.status === 'deleted_pending') throw linkInvalid();
        await repo.updateUser(
          found.user.id,
          { passwordHash, passwordChangedAt: found.now, failedLoginCount: 0, failedLoginWindowStart: null, lockedUntil: null },
          tx,
        );
        await activate(tx, found.user, found.now);
        await deps.sessions.endAllOfUser(found.user.id, {}, tx);
        return found.user;
      });
    },

    /** Profile password change: the old password must match; every other session of the member ends. */
    async changePassword(user: UserRow, currentSessionId: number, oldPassword: string, password: string): Promise<void> {
      if (!(await verifyPassword(user.passwordHash, oldPassword))) {
        throw fieldError(400, 'old_password_wrong', [{ path: 'old_password', code: 'old_password_wrong' }]);
      }
      const passwordHash = await hashPassword(password);
      await deps.db.transaction(async (tx) => {
        const now = deps.now();
        await repo.updateUser(user.id, { passwordHash, passwordChangedAt: now }, tx);
        await deps.sessions.endAllOfUser(user.id, { exceptSessionId: currentSessionId }, tx);
        // A reset link asked for earlier would otherwise still undo the new password.
        await repo.useTokens(user.id, 'password_reset', now, tx);
      });
    },

    /** Mails a confirmation link to the new address; the address changes only when it is followed. */
    async requestMailChange(user: UserRow, site: SiteRef, newEmail: string, password: string): Promise<void> {
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw fieldError(400, 'password_incorrect', [{ path: 'password', code: 'password_incorrect' }]);
      }
      if (newEmail === user.email) throw validationFailed([{ path: 'email', code: 'new_email_invalid' }]);
      const existing = await repo.findUserByEmail(site.id, newEmail);
      if (existing) throw existing.status === 'deleted_pending' ? deletedAccountExists() : accountExists();
      const name = await profileName(user.id);
      await deps.db.transaction(async (tx) => {
        const now = deps.now();
        // Only the newest request counts: an older link for another address stops working.
        await repo.useTokens(user.id, 'email_change', now, tx);
        const { token, tokenHash } = createToken();
        await repo.insertToken(
          { userId: user.id, purpose: 'email_change', tokenHash, newEmail, expiresAt: new Date(now.getTime() + EMAIL_CHANGE_TOKEN_HOURS * HOUR_MS) },
          tx,
        );
        await deps.mailer.send(
          {
            template: 'emailChange',
            to: newEmail,
            language: mailLanguage(user.language),
            site,
            name,
            link: deps.mailer.linkTo(site, `/mail-change/do?token=${token}`),
            params: { hours: EMAIL_CHANGE_TOKEN_HOURS },
          },
          tx,
        );
      });
    },

    /** Follows an e-mail change link: the new address is set (and, being proven, activates the account); the old one is told. */
    async confirmMailChange(token: string, site: SiteRef & Pick<SiteRow, 'supportEmail'>): Promise<string> {
      try {
        return await deps.db.transaction(async (tx) => {
          const found = await useToken(tx, token, 'email_change', site);
          if (!found || !found.token.newEmail || found.user.status === 'deleted_pending') throw linkInvalid();
          const newEmail = found.token.newEmail;
          const taken = await repo.findUserByEmail(site.id, newEmail, tx);
          if (taken && taken.id !== found.user.id) throw accountExists();
          await repo.updateUser(found.user.id, { email: newEmail }, tx);
          // Reset links mailed to the old address stop working with it.
          await repo.useTokens(found.user.id, 'password_reset', found.now, tx);
          await activate(tx, found.user, found.now);
          await deps.mailer.send(
            {
              template: 'emailChanged',
              to: found.user.email,
              language: mailLanguage(found.user.language),
              site,
              name: await profileName(found.user.id, tx),
              params: { email: newEmail, supportEmail: site.supportEmail },
            },
            tx,
          );
          return newEmail;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw accountExists();
        throw error;
      }
    },

    /**
     * Pending deletion: sessions end, a reactivation link (REACTIVATION_DAYS) is mailed and the purge
     * is scheduled as a job for when that link expires.
     */
    async deleteAccount(user: UserRow, site: SiteRef, request: DeleteAccountRequest): Promise<Date> {
      const name = await profileName(user.id);
      return deps.db.transaction(async (tx) => {
        const now = deps.now();
        const until = new Date(now.getTime() + REACTIVATION_MS);
        await repo.updateUser(
          user.id,
          { status: 'deleted_pending', deletedAt: now, deleteReason: request.reason, deleteRemarks: request.remarks || null },
          tx,
        );
        await deps.sessions.endAllOfUser(user.id, {}, tx);
        const { token, tokenHash } = createToken();
        await repo.insertToken({ userId: user.id, purpose: 'reactivation', tokenHash, expiresAt: until }, tx);
        await deps.mailer.send(
          {
            template: 'accountDeleted',
            to: user.email,
            language: mailLanguage(user.language),
            site,
            name,
            link: deps.mailer.linkTo(site, `/account-deleted?token=${token}`),
            params: { days: REACTIVATION_DAYS, date: until.toISOString().slice(0, 10) },
          },
          tx,
        );
        await deps.jobs.enqueue(PURGE_JOB, { userId: user.id }, { runAt: until, uniqueKey: purgeJobKey(user.id), tx });
        return until;
      });
    },

    /** The reactivation link: back to the status before deletion, purge cancelled. */
    async reactivate(token: string, site: Pick<SiteRow, 'id'>): Promise<UserRow> {
      return deps.db.transaction(async (tx) => {
        const found = await useToken(tx, token, 'reactivation', site);
        const { user } = found ?? {};
        if (!found || !user || user.status !== 'deleted_pending' || !user.deletedAt || found.now.getTime() - user.deletedAt.getTime() >= REACTIVATION_MS) {
          throw linkInvalid();
        }
        const restored = await repo.updateUser(
          user.id,
          { status: user.activatedAt ? 'active' : 'not_confirmed', deletedAt: null, deleteReason: null, deleteRemarks: null },
          tx,
        );
        await deps.jobs.cancel(purgeJobKey(user.id), tx);
        return restored ?? user;
      });
    },

    /**
     * The purge job: removes an account still pending deletion REACTIVATION_DAYS after it was deleted.
     * Answers whether it deleted; a reactivated (or already purged) account is left alone.
     */
    async purgeAccount(userId: number, now: Date): Promise<boolean> {
      return deps.db.transaction(async (tx) => {
        const user = await repo.findUserById(userId, tx, { forUpdate: true });
        if (!user || user.status !== 'deleted_pending' || !user.deletedAt) return false;
        if (now.getTime() - user.deletedAt.getTime() < REACTIVATION_MS) return false;
        const fileKeys = await repo.findPhotoFileKeys(user.id, tx);
        await repo.deleteUser(user.id, tx);
        // The files go once the rows are gone for good, retried until they are (docs/storage.md).
        if (fileKeys.length) await deps.jobs.enqueue(DELETE_FILES_JOB, { keys: fileKeys }, { tx });
        return true;
      });
    },

    /** Creates an activated member directly (demo data and tests); the normal signup rules do not apply. */
    async createActivatedMember(
      site: Pick<SiteRow, 'id' | 'signupCredits'>,
      input: { email: string; password: string; username: string; country: string; dateOfBirth: string; language: UiLanguage },
    ): Promise<UserRow> {
      const passwordHash = await hashPassword(input.password);
      return deps.db.transaction(async (tx) => {
        const now = deps.now();
        return insertMember(
          tx,
          site,
          { email: input.email, passwordHash, status: 'active', activatedAt: now, language: input.language, signupStep: SIGNUP_STEPS.done, createdAt: now },
          { name: input.username, dateOfBirth: input.dateOfBirth, country: input.country, status: 'active' },
        );
      });
    },

    async hasAccount(siteId: number, email: string): Promise<boolean> {
      return Boolean(await repo.findUserByEmail(siteId, email.trim().toLowerCase()));
    },

    countUsers(): Promise<number> {
      return repo.countUsers();
    },
  };
}
export type AccountsService = ReturnType<typeof createAccountsService>;
