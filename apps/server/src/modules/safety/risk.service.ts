// Each member's risk (docs/safety.md, "Risk"): signals computed after commit from outbox events (a text sent, a report
// received, a profile photo hashed), never on the send's path. Each signal found adds its site's points once (the
// strongest evidence kept) until a moderator clears the member; from the site's threshold on, the member's messages
// to partners who never answered are held (the member view carries the hold; chats' send path reads it).
import {
  DEFAULT_RISK_THRESHOLD,
  FACE_RESEMBLANCE_THRESHOLD,
  messageConcerns,
  RISK_SIGNAL_DEFAULTS,
  type MessageConcern,
  type RiskSignalName,
} from '@app/contracts';
import type { Executor } from '../../db/client.ts';
import type { MemberRiskRow } from '../../db/schema/index.ts';
import type { RiskRepository } from './risk.repository.ts';
import { MIN_SIMILAR_TEXT_LENGTH, normaliseText, simhash } from './text-similarity.ts';

const HOUR_MS = 3_600_000;
/** The same text to this many members within an hour is a signal. */
export const REPEATED_TEXT_RECIPIENTS = 5;
/** An account younger than this writing to NEW_ACCOUNT_RECIPIENTS members within an hour is a signal. */
export const NEW_ACCOUNT_HOURS = 24;
export const NEW_ACCOUNT_RECIPIENTS = 10;
/** Reports count for 30 days; at most this many add points. */
const REPORT_DAYS = 30;
const MAX_COUNTED_REPORTS = 3;
/** What in a first message to a new partner is a signal (insults are the reports' business). */
const FIRST_MESSAGE_CONCERNS: MessageConcern[] = ['link', 'email', 'phone', 'iban', 'payment'];

export type SiteRisk = { threshold: number; weights: Partial<Record<RiskSignalName, number>> };

/** A text message as chats' `chat.sent` event carries it. */
export type SentText = {
  senderProfileId: number;
  partnerProfileId: number;
  text: string;
};

export function createRiskService(deps: {
  repo: RiskRepository;
  /** The site's threshold and weights (site settings `risk_threshold`, `risk_weights`). */
  siteRisk: (siteId: number, tx: Executor) => Promise<SiteRisk>;
  /**
   * The hold of a member started or ended, in `tx`: their member view (which the send reads) must be read again on
   * every instance (an outbox event in `tx`, and this instance's cache at once).
   */
  onHoldChanged: (userId: number, tx: Executor) => Promise<void>;
  now: () => Date;
}) {
  const { repo } = deps;

  /** Adds (or strengthens) signals of one member and stores the new score and hold, in `tx`. */
  async function record(
    account: { userId: number; siteId: number },
    found: { signal: RiskSignalName; evidence: Record<string, unknown>; times?: number }[],
    tx: Executor,
  ): Promise<void> {
    if (found.length === 0) return;
    const site = await deps.siteRisk(account.siteId, tx);
    const row = await repo.lockRisk(account.userId, account.siteId, tx);
    const signals = { ...row.signals };
    const at = deps.now().toISOString();
    for (const { signal, evidence, times = 1 } of found) {
      const points = (site.weights[signal] ?? RISK_SIGNAL_DEFAULTS[signal]) * times;
      const before = signals[signal];
      if (!before || points >= before.points) signals[signal] = { signal, points, at, evidence };
    }
    const score = Object.values(signals).reduce((sum, item) => sum + (item?.points ?? 0), 0);
    // A face unlike the profile photos adds to other signals but never holds a member alone (docs/safety.md).
    const isHeld = score >= site.threshold && score - (signals.face_mismatch?.points ?? 0) > 0;
    await repo.saveRisk(account.userId, { signals, score, isHeld, updatedAt: deps.now() }, tx);
    if (isHeld !== row.isHeld) await deps.onHoldChanged(account.userId, tx);
  }

  return {
    /** A text the member sent (chats' `chat.sent`): repeated texts, contact details to new partners, a new account's burst. */
    async onTextSent(message: SentText, tx: Executor): Promise<void> {
      const normalised = normaliseText(message.text);
      const concerns = messageConcerns(message.text).filter((concern) => FIRST_MESSAGE_CONCERNS.includes(concern));
      // A short text without contact details says nothing: no statement is spent on it.
      if (normalised.length < MIN_SIMILAR_TEXT_LENGTH && concerns.length === 0) return;
      const account = await repo.accountOf(message.senderProfileId, tx);
      if (!account) return;
      const now = deps.now();
      const hourAgo = new Date(now.getTime() - HOUR_MS);
      const found: Parameters<typeof record>[1] = [];
      if (normalised.length >= MIN_SIMILAR_TEXT_LENGTH) {
        const hash = simhash(normalised);
        await repo.addFingerprint(
          {
            senderProfileId: message.senderProfileId,
            recipientProfileId: message.partnerProfileId,
            simhash: hash,
            sample: message.text.slice(0, 500),
            createdAt: now,
          },
          tx,
        );
        const similar = await repo.similarTexts(message.senderProfileId, hash, hourAgo, tx);
        if (similar.recipients >= REPEATED_TEXT_RECIPIENTS)
          found.push({
            signal: 'repeated_text',
            evidence: { recipients: similar.recipients, samples: similar.samples },
          });
      }
      if (concerns.length && !(await repo.hasAnswered(message.partnerProfileId, message.senderProfileId, tx)))
        found.push({
          signal: 'contact_in_first_message',
          evidence: { concerns, sample: message.text.slice(0, 500), partner_profile_id: message.partnerProfileId },
        });
      const ageHours = (now.getTime() - account.createdAt.getTime()) / HOUR_MS;
      if (ageHours < NEW_ACCOUNT_HOURS) {
        const recipients = await repo.recipientsSince(message.senderProfileId, hourAgo, tx);
        if (recipients >= NEW_ACCOUNT_RECIPIENTS)
          found.push({
            signal: 'new_account_burst',
            evidence: { recipients, account_age_hours: Math.round(ageHours * 10) / 10 },
          });
      }
      await record(account, found, tx);
    },

    /** A report against the member (reports' `report.created`): their open reports of the last 30 days count. */
    async onReported(reportedProfileId: number, tx: Executor): Promise<void> {
      const account = await repo.accountOf(reportedProfileId, tx);
      if (!account) return;
      const since = new Date(deps.now().getTime() - REPORT_DAYS * 24 * HOUR_MS);
      const count = await repo.openReportsSince(reportedProfileId, since, tx);
      if (count === 0) return;
      await record(
        account,
        [
          {
            signal: 'reports_received',
            evidence: { open_reports: count },
            times: Math.min(count, MAX_COUNTED_REPORTS),
          },
        ],
        tx,
      );
    },

    /** A profile photo's perceptual hash (the screening job): a photo another account already uses is a signal. */
    async onPhotoHashed(photo: { photoId: number; profileId: number; phash: bigint }, tx: Executor): Promise<void> {
      const account = await repo.accountOf(photo.profileId, tx);
      if (!account) return;
      const [match] = await repo.samePhotosElsewhere(photo.photoId, account.userId, photo.phash, tx);
      if (!match) return;
      await record(
        account,
        [
          {
            signal: 'reused_photo',
            evidence: {
              photo_id: photo.photoId,
              other_photo_id: match.photoId,
              other_user_id: match.userId,
              distance: match.distance,
            },
          },
        ],
        tx,
      );
    },

    /** A verification selfie compared with the profile photos (the screening job): a face unlike them is a signal. */
    async onSelfieCompared(
      selfie: {
        verificationId: number;
        profileId: number;
        check: string;
        similarity: number | null;
        photoId: number | null;
      },
      tx: Executor,
    ): Promise<void> {
      if (selfie.check !== 'compared' || selfie.similarity === null || selfie.similarity >= FACE_RESEMBLANCE_THRESHOLD)
        return;
      const account = await repo.accountOf(selfie.profileId, tx);
      if (!account) return;
      await record(
        account,
        [
          {
            signal: 'face_mismatch',
            evidence: {
              similarity: selfie.similarity,
              verification_id: selfie.verificationId,
              photo_id: selfie.photoId,
            },
          },
        ],
        tx,
      );
    },

    /** Whether the partner ever wrote to the sender (held sends go only to partners who never did). */
    hasAnswered: (partnerProfileId: number, senderProfileId: number) =>
      repo.hasAnswered(partnerProfileId, senderProfileId),

    /** A moderator cleared the member: the signals so far are forgiven and nothing is held. The row as it was. */
    async clear(userId: number, tx: Executor): Promise<MemberRiskRow | undefined> {
      const row = await repo.findRisk(userId, tx);
      if (!row) return undefined;
      await repo.saveRisk(
        userId,
        { signals: {}, score: 0, isHeld: false, updatedAt: deps.now(), clearedAt: deps.now() },
        tx,
      );
      if (row.isHeld) await deps.onHoldChanged(userId, tx);
      return row;
    },

    /** A moderator warned the member (a mail says why); the signals stay. */
    async markWarned(userId: number, tx: Executor): Promise<void> {
      const row = await repo.findRisk(userId, tx);
      if (!row) return;
      await repo.saveRisk(
        userId,
        { signals: row.signals, score: row.score, isHeld: row.isHeld, updatedAt: deps.now(), warnedAt: deps.now() },
        tx,
      );
    },

    /** Text fingerprints are kept one day. */
    forgetFingerprints: (now: Date) => repo.deleteFingerprintsBefore(new Date(now.getTime() - 24 * HOUR_MS)),

    findRisk: (userId: number, tx?: Executor) => repo.findRisk(userId, tx),
    listQueue: repo.listQueue,
  };
}
export type RiskService = ReturnType<typeof createRiskService>;
export const DEFAULT_SITE_RISK: SiteRisk = { threshold: DEFAULT_RISK_THRESHOLD, weights: {} };
