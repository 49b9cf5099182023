// Signup in steps, and members created directly (demo data).
import emailSpellChecker from '@zootools/email-spell-checker';
import { SIGNUP_STEPS, type SignupStepRequest, type Tracking } from '@app/contracts';
import type { UiLanguage } from '@app/i18n';
import type { SiteRow, UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import { isRegionOf } from '../../lib/regions.ts';
import { checkDateOfBirth } from '../../lib/profile-fields.ts';
import { hashPassword } from '../../lib/credentials.ts';
import { insertPendingMessage } from '../chats/index.ts';
import { updateProfileOfUser } from '../profiles/index.ts';
import {
  type AccountTools,
  type AccountsDeps,
  accountExists,
  cleanTracking,
  deletedAccountExists,
  fieldError,
  isUniqueViolation,
  validationFailed,
} from './account-tools.ts';

export type SignupInput = {
  email: string;
  username: string;
  password: string;
  date_of_birth: string;
  signup_message?: string;
  target_profile_id?: number;
  tracking?: Tracking;
};

export function createSignupService(deps: AccountsDeps, tools: AccountTools) {
  const { repo, sendActivationMail, insertMember, loadAccount } = tools;
  return {
    /** "Did you mean ...?" for a mistyped domain of a popular mail provider. */
    suggestEmail(email: string): string | null {
      const trimmed = email.trim().toLowerCase();
      if (!/^[^@\s]+@[^@\s]+$/.test(trimmed)) return null;
      const suggestion = emailSpellChecker.run({ email: trimmed });
      return suggestion && suggestion.full !== trimmed ? suggestion.full : null;
    },
    /** Step 0: creates the account (not confirmed, profile disabled, signup credits), mails the activation link. */
    /**
     * `visitorId`: the visitor of the request's tracking cookie (docs/traffic.md): their first touch fills SPEC 3's
     * tracking values when the signup carries none, and the signup is attributed to it.
     */
    async signup(
      input: SignupInput,
      context: { site: SiteRow; language: UiLanguage; visitorId?: string | null },
    ): Promise<UserRow> {
      const { site } = context;
      let tracking = cleanTracking(input.tracking);
      const hasTracking = Object.values(tracking).some(Boolean);
      if (!hasTracking && context.visitorId && deps.firstTouch) {
        const firstTouch = await deps.firstTouch(context.visitorId, site.id);
        if (firstTouch) tracking = cleanTracking(firstTouch);
      }
      if (site.signups === 'other') throw new AppError(403, 'signups_invite_only');
      if (site.signups === 'with_trafficsource' && !tracking.trackingNetwork && !tracking.trackingRef)
        throw new AppError(403, 'signups_invite_only');

      const dateOfBirth = checkDateOfBirth(input.date_of_birth, site.minAge, deps.now);
      if (dateOfBirth.issue) throw validationFailed([dateOfBirth.issue]);
      const existing = await repo.findUserByEmail(site.id, input.email);
      if (existing) throw existing.status === 'deleted_pending' ? deletedAccountExists() : accountExists();

      const message = input.signup_message?.trim();
      const targetProfileId = message ? input.target_profile_id : undefined;
      if (targetProfileId !== undefined) {
        const target = await repo.findProfile(targetProfileId);
        if (!target || target.siteId !== site.id)
          throw fieldError(404, 'profile_not_found', [{ path: 'target_profile_id', code: 'profile_not_found' }]);
      }

      const passwordHash = await hashPassword(input.password);
      try {
        return await deps.outbox.transaction(async (tx, effects) => {
          const now = deps.now();
          const user = await insertMember(
            tx,
            site,
            {
              email: input.email,
              passwordHash,
              status: 'not_confirmed',
              language: context.language,
              signupStep: SIGNUP_STEPS.photo,
              createdAt: now,
              ...tracking,
            },
            { name: input.username, dateOfBirth: dateOfBirth.dateOfBirth, status: 'disabled' },
          );
          if (message && targetProfileId !== undefined)
            await insertPendingMessage(tx, { userId: user.id, targetProfileId, body: message });
          await sendActivationMail(user, input.username, site, tx);
          await effects.emit('account.signed-up', {
            userId: user.id,
            siteId: site.id,
            visitorId: context.visitorId ?? null,
            signedUpAt: now.toISOString(),
          });
          return user;
        });
      } catch (error) {
        // Two signups with one address at the same moment: the unique index decides, the loser gets the normal answer.
        if (isUniqueViolation(error)) throw accountExists();
        throw error;
      }
    },
    /** Steps 1-4 (each may be repeated); the next step moves forward only. */
    async completeSignupStep(userId: number, site: Pick<SiteRow, 'countries'>, step: SignupStepRequest): Promise<void> {
      await deps.outbox.transaction(async (tx, effects) => {
        const user = await loadAccount(userId, tx, { forUpdate: true });
        if (step.step === 2) await updateProfileOfUser(tx, user.id, { aboutMe: step.about_me || null });
        if (step.step === 3) {
          if (!site.countries.includes(step.country))
            throw validationFailed([{ path: 'country', code: 'invalid_value' }]);
          // The same rule as the profile editor: a region is one of GET /api/regions.php for that country.
          if (step.region && !isRegionOf(step.country, step.region)) {
            throw validationFailed([{ path: 'region', code: 'region_invalid' }]);
          }
          await updateProfileOfUser(tx, user.id, {
            gender: step.gender,
            sexuality: step.sexuality,
            country: step.country,
            region: step.region || null,
            city: step.city || null,
          });
        }
        const next = Math.max(user.signupStep, step.step + 1);
        if (next !== user.signupStep) await repo.updateUser(user.id, { signupStep: next }, tx);
        await effects.emit('member.changed', { userId });
      });
    },
    /** Creates an activated member directly (demo data and tests); the normal signup rules do not apply. */
    async createActivatedMember(
      site: Pick<SiteRow, 'id' | 'signupCredits'>,
      input: {
        email: string;
        password: string;
        username: string;
        country: string;
        dateOfBirth: string;
        language: UiLanguage;
      },
    ): Promise<UserRow> {
      const passwordHash = await hashPassword(input.password);
      return deps.db.transaction(async (tx) => {
        const now = deps.now();
        return insertMember(
          tx,
          site,
          {
            email: input.email,
            passwordHash,
            status: 'active',
            activatedAt: now,
            language: input.language,
            signupStep: SIGNUP_STEPS.done,
            createdAt: now,
          },
          { name: input.username, dateOfBirth: input.dateOfBirth, country: input.country, status: 'active' },
        );
      });
    },
    async hasAccount(siteId: number, email: string): Promise<boolean> {
      return Boolean(await repo.findUserByEmail(siteId, email.trim().toLowerCase()));
    },
  };
}
