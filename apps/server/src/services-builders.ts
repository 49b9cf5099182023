// The composition root's builders, one per feature group, for buildServices (services.ts): each builds its services
// once from what it uses.
import type { FastifyInstance } from 'fastify';
import { createAccountsRepository, createAccountsService } from './modules/accounts/index.ts';
import { type BlocksService } from './modules/blocks/index.ts';
import {
  createChatPhotoAccess,
  createChatPhotoUrls,
  createChatsRepository,
  createChatsService,
  createConversationRemoval,
  createConversationService,
  createInboxService,
  createReadMarksService,
  createSendDelivery,
  createSendService,
  createSignupDelivery,
  createTypingService,
  type PhotoBlur,
  type SendHold,
  createHeldRelease,
} from './modules/chats/index.ts';
import { createTicketsRepository, createTicketsService } from './modules/content/index.ts';
import { createSemaphore } from './lib/semaphore.ts';
import { addNotificationsDisabled, clearNotificationsDisabled } from './modules/accounts/index.ts';
import { findSite, listSiteNames, listSiteTimeZones } from './modules/sites/index.ts';
import { createTrafficCookies, createTrafficService, type PostbackNetwork } from './modules/traffic/index.ts';
import { lookupCountry } from './lib/geoip.ts';
import { type Geocoder } from './modules/geo/index.ts';
import {
  consumeLikeEvents,
  createLikesRepository,
  createLikesService,
  type LikesService,
} from './modules/likes/index.ts';
import { type MatchesService } from './modules/matches/index.ts';
import { createMembersRepository } from './modules/member-core/index.ts';
import {
  createEventMails,
  createMailings,
  createNotificationEvents,
  createNotificationMail,
  createNotificationSettingsService,
  createNotificationsRepository,
  createNotificationsService,
  createPushNotifications,
  createReminders,
  createUnsubscribeService,
  createUnsubscribeTokens,
} from './modules/notifications/index.ts';
import {
  createPhotoReads,
  createPhotoSafety,
  createPhotosRepository,
  createPhotosService,
  createVerificationService,
  PHOTO_WORK_CONCURRENCY,
} from './modules/photos/index.ts';
import { createReportsRepository, createReportsService } from './modules/reports/index.ts';
import { createDataExportRepository, createDataExportService } from './modules/data-export/index.ts';
import { createProfilesRepository, createProfilesService, markProfileVerified } from './modules/profiles/index.ts';
import { createSearchRepository, createSearchService } from './modules/search/index.ts';
import { createSwipeRepository, createSwipeService } from './modules/swipe/index.ts';

/** Paid traffic's settings (docs/traffic.md): the cookie's Secure flag, how long visits wait for their batch, postbacks' reach. */
export type TrafficOptions = { isSecureCookie: boolean; visitFlushMs: number; postbackNetwork: PostbackNetwork };

/** Paid traffic: visits and first touches, events with their postbacks, networks and reports (docs/traffic.md). */
export function buildTraffic(
  app: FastifyInstance,
  signing: Buffer,
  options: TrafficOptions,
  members: Pick<ReturnType<typeof createMembersRepository>, 'listProfileNames'>,
) {
  const { db } = app;
  const now = () => app.clock.now();
  return createTrafficService({
    db,
    outbox: app.outbox,
    bus: app.bus,
    jobs: app.jobs,
    cookies: createTrafficCookies(signing),
    isSecureCookie: options.isSecureCookie,
    visitFlushMs: options.visitFlushMs,
    postbackNetwork: options.postbackNetwork,
    postbackOutcomes: app.metrics.postbacks,
    lookupCountry,
    findSite,
    siteNames: () => listSiteNames(db),
    siteTimeZones: (siteId?: number) => listSiteTimeZones(db, siteId),
    memberNames: (ids) => members.listProfileNames(ids),
    now,
    onError: (error, context) => app.log.error({ err: error }, context),
  });
}

/** Profile photos and their verification, one bound for the uploads of this instance. */
export function buildPhotoServices(app: FastifyInstance) {
  const { db } = app;
  const now = () => app.clock.now();
  // One bound for every photo upload of this instance, profile and chat photos alike (docs/storage.md).
  const photoWork = createSemaphore(PHOTO_WORK_CONCURRENCY);
  const photosRepository = createPhotosRepository(db);
  const photos = createPhotosService({
    db,
    photosRepository,
    storage: app.storage,
    jobs: app.jobs,
    outbox: app.outbox,
    photoWork,
  });
  // Photo verification: selfies against a pose, decided by staff (docs/verification.md).
  const verification = createVerificationService({
    db,
    storage: app.storage,
    jobs: app.jobs,
    photoWork,
    outbox: app.outbox,
    markProfileVerified,
    now,
  });
  // A site's policy for profile photos scored explicit (docs/safety.md).
  const photoSafety = createPhotoSafety({
    photosRepository,
    storage: app.storage,
    jobs: app.jobs,
    outbox: app.outbox,
    now,
  });
  return { photos, verification, photoSafety };
}

/** Chat (docs/chat.md): each use case over the chat repository; `chats` is their face for routes and other modules. */
export function buildChats(
  app: FastifyInstance,
  signing: Buffer,
  blocks: BlocksService,
  safety: { photoBlur: PhotoBlur; hold: SendHold },
) {
  const { db, cursors } = app;
  const now = () => app.clock.now();
  const chatsRepository = createChatsRepository(db);
  const chatPhotoUrls = createChatPhotoUrls(signing, now);
  const chatReadMarks = createReadMarksService({ repo: chatsRepository, outbox: app.outbox });
  const sends = createSendService({
    repo: chatsRepository,
    photoUrls: chatPhotoUrls,
    outbox: app.outbox,
    hold: safety.hold,
    db,
    now,
  });
  const { photoBlur } = safety;
  return createChatsService({
    sends,
    heldSends: createHeldRelease({ db, sends, storage: app.storage }),
    delivery: createSendDelivery({
      photoUrls: chatPhotoUrls,
      photoBlur,
      pollVersions: app.pollVersions,
      realtime: app.realtime,
      memberEvents: app.memberEvents,
    }),
    inbox: createInboxService({ repo: chatsRepository, cursors, pollVersions: app.pollVersions, now }),
    conversations: createConversationService({
      db,
      readDb: app.readDb,
      repo: chatsRepository,
      photoUrls: chatPhotoUrls,
      photoBlur,
      readMarks: chatReadMarks,
      now,
    }),
    readMarks: chatReadMarks,
    removal: createConversationRemoval({ repo: chatsRepository, outbox: app.outbox }),
    typing: createTypingService({ repo: chatsRepository, realtime: app.realtime }),
    photos: createChatPhotoAccess({ repo: chatsRepository, photoUrls: chatPhotoUrls }),
    signupMessages: createSignupDelivery({ repo: chatsRepository, blocks, photoUrls: chatPhotoUrls, now }),
  });
}

/** Notifications (docs/notifications.md): one service per use case over the notifications repository. */
export function buildNotifications(app: FastifyInstance, signing: Buffer) {
  const { db } = app;
  const now = () => app.clock.now();
  // Notifications (docs/notifications.md): one service per use case over the notifications repository; the mail
  // stop reasons are accounts' (`users`), changed in notifications' transactions.
  const notificationsRepository = createNotificationsRepository(db);
  const unsubscribeTokens = createUnsubscribeTokens(signing, now);
  const notificationMail = createNotificationMail({ mailer: app.mailer, tokens: unsubscribeTokens });
  const notificationSettings = createNotificationSettingsService({
    repo: notificationsRepository,
    outbox: app.outbox,
    accounts: { clearNotificationsDisabled },
    now,
  });
  const notificationEvents = createNotificationEvents({ repo: notificationsRepository, jobs: app.jobs, now });
  const notifications = createNotificationsService({
    settings: notificationSettings,
    unsubscribe: createUnsubscribeService({
      repo: notificationsRepository,
      tokens: unsubscribeTokens,
      settings: notificationSettings,
      outbox: app.outbox,
      accounts: { addNotificationsDisabled },
    }),
    events: notificationEvents,
    push: createPushNotifications({
      repo: notificationsRepository,
      jobs: app.jobs,
      push: app.push,
      presence: app.realtime,
      outbox: app.outbox,
      onError: (error, context) => app.log.error({ err: error }, context),
      now,
    }),
    eventMails: createEventMails({
      repo: notificationsRepository,
      jobs: app.jobs,
      mail: notificationMail,
      presence: app.realtime,
      now,
    }),
    reminders: createReminders({ repo: notificationsRepository, mail: notificationMail, presence: app.realtime, now }),
    mailings: createMailings({ repo: notificationsRepository, jobs: app.jobs, mail: notificationMail, now }),
  });
  return { notifications, notificationEvents };
}

/** Accounts: signup, activation, deletion; what chats and traffic do when an account changes. */
export function buildAccounts(
  app: FastifyInstance,
  chats: Pick<ReturnType<typeof buildChats>, 'deliverSignupMessages'>,
  traffic: Pick<ReturnType<typeof buildTraffic>, 'firstTouchTracking' | 'forgetMember'>,
) {
  const { db } = app;
  const now = () => app.clock.now();
  return createAccountsService({
    db,
    accountsRepository: createAccountsRepository(db),
    sessions: app.sessions,
    outbox: app.outbox,
    mailer: app.mailer,
    jobs: app.jobs,
    push: app.push,
    // Signup messages become the first message of their conversation when the account is activated.
    onActivated: (userId, tx, effects) => chats.deliverSignupMessages(userId, tx, effects),
    firstTouch: (visitorId, siteId) => traffic.firstTouchTracking(visitorId, siteId),
    onPurged: (userId, tx) => traffic.forgetMember(userId, tx),
    now,
  });
}

/** The member features built on the shared ones: data export, reports, profiles, search, swipe, tickets. */
export function buildMemberFeatures(
  app: FastifyInstance,
  dataExportSigning: Buffer,
  shared: {
    photos: ReturnType<typeof buildPhotoServices>['photos'];
    blocks: BlocksService;
    likes: LikesService;
    matches: MatchesService;
    locate: Geocoder['locate'];
  },
) {
  const { db, cursors } = app;
  const now = () => app.clock.now();
  const { photos, blocks, likes, matches, locate } = shared;
  return {
    dataExport: createDataExportService({
      db,
      repo: createDataExportRepository(db),
      storage: app.storage,
      jobs: app.jobs,
      mailer: app.mailer,
      signingKey: dataExportSigning,
      now,
    }),
    reports: createReportsService({ outbox: app.outbox, reportsRepository: createReportsRepository(db), blocks }),
    profiles: createProfilesService({
      profilesRepository: createProfilesRepository(db),
      photos,
      // Another member's page tolerates a second of lag: the replica when there is one (docs/read-replicas.md).
      memberPageReads: {
        profilesRepository: createProfilesRepository(app.readDb),
        members: createMembersRepository(app.readDb),
        photos: createPhotoReads(createPhotosRepository(app.readDb)),
      },
      outbox: app.outbox,
      now,
    }),
    // Search reads tolerate a second of lag: the replica when there is one (plugins/read-replica.plugin.ts).
    search: createSearchService({
      searchRepository: createSearchRepository(app.readDb),
      cursors,
      locate: locate,
      now,
    }),
    swipe: createSwipeService({
      outbox: app.outbox,
      swipeRepository: createSwipeRepository(db),
      likes,
      blocks,
      matches,
      locate: locate,
      now,
    }),
    tickets: createTicketsService({ db, ticketsRepository: createTicketsRepository(db), mailer: app.mailer, now }),
  };
}

export function buildLikes(app: FastifyInstance, blocks: BlocksService, chats: ReturnType<typeof buildChats>) {
  const { db, cursors } = app;
  const now = () => app.clock.now();
  const likesRepository = createLikesRepository(db);
  // A conversation answers a like: it is no longer new (off the send's path, once per send).
  consumeLikeEvents(app.outbox, likesRepository);
  return createLikesService({
    db,
    likesRepository,
    blocks,
    cursors,
    outbox: app.outbox,
    pollVersions: app.pollVersions,
    conversations: chats,
    now,
  });
}

export function relayDeliveries(app: FastifyInstance, chats: Pick<ReturnType<typeof buildChats>, 'deliverSent'>) {
  // Visitor pages and site caches on every instance hear these once their transaction committed (docs/event-bus.md).
  app.outbox.onDelivery('member.shown', (payload) => app.bus.publish('member.shown', payload));
  app.outbox.onDelivery('site.changed', (payload) => app.bus.publish('site.changed', payload));
  // A send's statement records one `chat.sent` event; the chats module delivers it (docs/chat-scaling.md).
  app.outbox.onDelivery('chat.sent', (event, { id }) => chats.deliverSent(event, id));
}
