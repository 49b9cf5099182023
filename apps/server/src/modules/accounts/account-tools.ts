// Shared by the account capabilities (signup, login, activation, password, e-mail change, deletion): rules, errors, tokens mailed as links.
import type { AccountTokenPurpose } from '../../db/schema/index.ts';
import type { MailTemplate } from '../../plugins/mailer/index.ts';
import { REACTIVATION_DAYS, type Tracking } from '@app/contracts';
import { DEFAULT_LOCALE, isUiLanguage, type UiLanguage } from '@app/i18n';
import type { FieldError } from '@app/contracts';
import type { Database, Executor } from '../../db/client.ts';
import type { NewProfileRow, NewUserRow, SiteRow, UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import { postLedgerEntry } from '../credits/index.ts';
import { insertProfile, updateProfileOfUser } from '../profiles/index.ts';
import type { JobQueue } from '../../plugins/jobs/index.ts';
import type { Mailer } from '../../plugins/mailer/index.ts';
import type { Effects, Outbox } from '../../plugins/outbox/index.ts';
import type { Push } from '../../plugins/push/index.ts';
import { createToken, hashToken, verifyAgainstDummy, verifyPassword } from '../../lib/credentials.ts';
import type { AccountsRepository } from './accounts.repository.ts';
import type { SessionsService } from '../../plugins/session/index.ts';

export const MINUTE_MS = 60_000;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;

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

export type FieldIssue = Omit<FieldError, 'message'>;
export type SiteRef = Pick<SiteRow, 'id' | 'name' | 'mailName' | 'domain' | 'isDefault'>;

export const fieldError = (
  status: number,
  code: string,
  fields: FieldIssue[],
  params?: Record<string, string | number>,
) => new AppError(status, code, params, fields);
export const validationFailed = (fields: FieldIssue[]) => fieldError(400, 'validation_failed', fields);
export const accountExists = () => fieldError(409, 'account_exists', [{ path: 'email', code: 'email_taken' }]);
export const deletedAccountExists = () =>
  fieldError(409, 'deleted_account_exists', [{ path: 'email', code: 'deleted_account_exists' }]);
export const loginFailed = () => new AppError(401, 'login_failed');
export const accountLocked = (until: Date, now: Date) =>
  new AppError(429, 'account_locked', {
    minutes: Math.max(1, Math.ceil((until.getTime() - now.getTime()) / MINUTE_MS)),
  });
export const linkInvalid = () => new AppError(400, 'link_invalid');
export const purgeJobKey = (userId: number) => `accounts.purge:${userId}`;

export { isUniqueViolation } from '../../lib/db-errors.ts';

export function mailLanguage(language: string): UiLanguage {
  return isUiLanguage(language) ? language : DEFAULT_LOCALE;
}

/** SPEC section 3: tracking values are stored without braces; empty values are not stored. */
export function cleanTracking(tracking: Tracking | undefined) {
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

export type PasswordChecks = {
  verify: (passwordHash: string, password: string) => Promise<boolean>;
  /** Verifies against a throwaway hash: the cost of a verification when there is no account to check. */
  verifyDummy: (password: string) => Promise<void>;
};
export const defaultPasswordChecks: PasswordChecks = { verify: verifyPassword, verifyDummy: verifyAgainstDummy };
/** No account has this id (serial ids start at 1). */
export const NO_USER_ID = 0;

/** What every part of the accounts service is built from (the composition root passes it). */
export type AccountsDeps = {
  db: Database;
  accountsRepository: AccountsRepository;
  sessions: Pick<SessionsService, 'endAllOfUser'>;
  /**
   * Every change to what a member's view shows records `member.changed`, and every end of sessions `session.revoked`,
   * in its transaction (docs/event-bus.md).
   */
  outbox: Pick<Outbox, 'transaction'>;
  mailer: Pick<Mailer, 'send' | 'linkTo'>;
  jobs: Pick<JobQueue, 'enqueue' | 'cancel'>;
  /** Whether a push endpoint may be saved (public https hosts only, docs/notifications.md). */
  push: Pick<Push, 'isEndpointAllowed'>;
  now: () => Date;
  /**
   * Runs inside the activation's transaction (the chat delivers the member's signup messages there, exactly once),
   * recording what follows the commit in its `effects`.
   */
  onActivated?: (userId: number, tx: Executor, effects: Effects) => Promise<void>;
  /** Password checks (Argon2id); tests look inside them. */
  passwords?: PasswordChecks;
  /**
   * Paid traffic's first touch of a visitor (network, ref, sub1 to sub3), for a signup whose address no longer
   * carries them (docs/traffic.md); null when the visitor has none on this site.
   */
  firstTouch?: (visitorId: string, siteId: number) => Promise<Tracking | null>;
  /** Runs inside the purge's transaction: paid traffic forgets the member's first touches (docs/traffic.md). */
  onPurged?: (userId: number, tx: Executor) => Promise<void>;
};

/** The steps the account capabilities share: a new member, tokens mailed as links and used once, activation. */
export function createAccountTools(deps: AccountsDeps) {
  const repo = deps.accountsRepository;
  const passwords = deps.passwords ?? defaultPasswordChecks;

  /**
   * The one way a link with a token is mailed: a single-use token (only its hash is stored) for `purpose`,
   * valid until `expiresAt`, inserted and mailed in the caller's transaction, so a mail never names a token
   * that was rolled back.
   */
  async function mailTokenLink(
    tx: Executor,
    input: {
      user: Pick<UserRow, 'id' | 'email' | 'language'>;
      purpose: AccountTokenPurpose;
      expiresAt: Date;
      /** The address written to (default the account's); an e-mail change mails the new one. */
      to?: string;
      newEmail?: string;
      template: MailTemplate;
      site: SiteRef;
      name: string;
      /** The page the link opens; `?token=` is added. */
      path: string;
      params: Record<string, string | number>;
    },
  ): Promise<void> {
    const { token, tokenHash } = createToken();
    await repo.insertToken(
      {
        userId: input.user.id,
        purpose: input.purpose,
        tokenHash,
        expiresAt: input.expiresAt,
        ...(input.newEmail ? { newEmail: input.newEmail } : {}),
      },
      tx,
    );
    await deps.mailer.send(
      {
        template: input.template,
        to: input.to ?? input.user.email,
        language: mailLanguage(input.user.language),
        site: input.site,
        name: input.name,
        link: deps.mailer.linkTo(input.site, `${input.path}?token=${token}`),
        params: input.params,
      },
      tx,
    );
  }

  async function sendActivationMail(user: UserRow, name: string, site: SiteRef, tx: Executor): Promise<void> {
    await mailTokenLink(tx, {
      user,
      purpose: 'activation',
      expiresAt: new Date(deps.now().getTime() + ACTIVATION_TOKEN_DAYS * DAY_MS),
      template: 'activation',
      site,
      name,
      path: '/activate',
      params: { days: ACTIVATION_TOKEN_DAYS },
    });
  }

  /** Every new member: the account, its profile and the site's signup credits, in the caller's transaction. */
  async function insertMember(
    tx: Executor,
    site: Pick<SiteRow, 'id' | 'signupCredits'>,
    user: Omit<NewUserRow, 'siteId'>,
    profile: Omit<NewProfileRow, 'siteId' | 'userId'>,
  ): Promise<UserRow> {
    const row = await repo.insertUser({ ...user, siteId: site.id }, tx);
    await insertProfile(tx, { ...profile, siteId: site.id, userId: row.id });
    if (site.signupCredits > 0) {
      await postLedgerEntry(tx, {
        userId: row.id,
        amount: site.signupCredits,
        reason: 'signup_bonus',
        idempotencyKey: `signup_bonus:${row.id}`,
      });
    }
    return row;
  }

  async function profileName(userId: number, tx: Executor = deps.db): Promise<string> {
    return (await repo.findProfileOfUser(userId, tx))?.name ?? '';
  }

  /** The signed-in member's whole account row, read now (a request's member view holds no secrets and may be a second old). */
  async function loadAccount(
    userId: number,
    tx: Executor = deps.db,
    options: { forUpdate?: boolean } = {},
  ): Promise<UserRow> {
    const user = await repo.findUserById(userId, tx, options);
    if (!user) throw new AppError(403, 'authentication_required');
    return user;
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

  /**
   * Marks the account confirmed: the link proved the member reads this mailbox. The caller's outbox transaction
   * records what follows (the announcements of what activation delivered, the member's view).
   */
  async function markActivated(tx: Executor, effects: Effects, user: UserRow, now: Date): Promise<void> {
    if (user.status !== 'not_confirmed') return;
    await repo.updateUser(user.id, { status: 'active', activatedAt: now }, tx);
    await updateProfileOfUser(tx, user.id, { status: 'active' });
    await repo.useTokens(user.id, 'activation', now, tx);
    await deps.onActivated?.(user.id, tx, effects);
    // Paid traffic records the activation once and tells the member's network (docs/traffic.md).
    await effects.emit('account.activated', { userId: user.id, siteId: user.siteId });
  }

  return {
    repo,
    passwords,
    mailTokenLink,
    sendActivationMail,
    insertMember,
    profileName,
    loadAccount,
    useToken,
    markActivated,
  };
}
export type AccountTools = ReturnType<typeof createAccountTools>;
