// The composition root: every service is built here, once, from its dependencies; routes receive them as
// `app.services` and never build or import another feature's service (docs/server-layout.md).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { PaymentSettings } from './config.ts';
import { createAccountsRepository, createAccountsService } from './modules/accounts/index.ts';
import { createAdminService } from './modules/admin/index.ts';
import { createBlocksRepository, createBlocksService } from './modules/blocks/index.ts';
import {
  createChatPhotoAccess,
  createChatPhotosService,
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
} from './modules/chats/index.ts';
import { createAnalyticsService } from './modules/analytics/index.ts';
import { createTicketsRepository, createTicketsService } from './modules/content/index.ts';
import { loadSharedSecret } from './lib/secrets.ts';
import { createSemaphore } from './lib/semaphore.ts';
import {
  createDirectDebitService,
  createDiscounts,
  createMollieProvider,
  createOrdersService,
  createPaymentsRepository,
  createPaymentsService,
  createReceipts,
  createRefundsService,
  createSandboxProvider,
  createUnavailableProvider,
  createWebhooksService,
} from './modules/payments/index.ts';
import {
  addNotificationsDisabled,
  clearNotificationsDisabled,
  findAccountContact,
  lockAccount,
  markPremium,
} from './modules/accounts/index.ts';
import { listLedgerEntries, lockBalance, postLedgerEntry } from './modules/credits/index.ts';
import { findSite, listSiteNames } from './modules/sites/index.ts';
import { createTrafficCookies, createTrafficService, type PostbackNetwork } from './modules/traffic/index.ts';
import { lookupCountry } from './lib/geoip.ts';
import { createGeocoder, createGeoService } from './modules/geo/index.ts';
import { createLanderExperiments, createLandersRepository, createLandersService } from './modules/landers/index.ts';
import { createLikesRepository, createLikesService, removeLikesAndMatch } from './modules/likes/index.ts';
import { createMatchesRepository, createMatchesService } from './modules/matches/index.ts';
import { createMembersRepository, createViewerLoader } from './modules/member-core/index.ts';
import {
  consumeNotificationEvents,
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

export type ServicesOptions = {
  payments: PaymentSettings;
  directDebitSettleMs?: number;
  /** Paid traffic (docs/traffic.md): the cookie's Secure flag, how long visits wait for their batch, postbacks' reach. */
  traffic: { isSecureCookie: boolean; visitFlushMs: number; postbackNetwork: PostbackNetwork };
};

export function buildServices(
  app: FastifyInstance,
  secrets: { chatPhotoSigning: Buffer; unsubscribeSigning: Buffer; dataExportSigning: Buffer; trafficSigning: Buffer },
  options: ServicesOptions,
) {
  const { db, cursors } = app;
  const now = () => app.clock.now();
  const members = createMembersRepository(db);
  // Paid traffic: visits and first touches, events with their postbacks, networks and reports (docs/traffic.md).
  const traffic = createTrafficService({
    db,
    outbox: app.outbox,
    bus: app.bus,
    jobs: app.jobs,
    cookies: createTrafficCookies(secrets.trafficSigning),
    isSecureCookie: options.traffic.isSecureCookie,
    visitFlushMs: options.traffic.visitFlushMs,
    postbackNetwork: options.traffic.postbackNetwork,
    postbackOutcomes: app.metrics.postbacks,
    lookupCountry,
    findSite,
    siteNames: () => listSiteNames(db),
    memberNames: (ids) => members.listProfileNames(ids),
    now,
    onError: (error, context) => app.log.error({ err: error }, context),
  });
  // Notifications (docs/notifications.md): one service per use case over the notifications repository; the mail
  // stop reasons are accounts' (`users`), changed in notifications' transactions.
  const notificationsRepository = createNotificationsRepository(db);
  const unsubscribeTokens = createUnsubscribeTokens(secrets.unsubscribeSigning, now);
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
  // Likes and chat messages start their notifications: outbox events, consumed once each (docs/notifications.md).
  consumeNotificationEvents(app.outbox, notificationEvents);
  const blocks = createBlocksService({
    db,
    blocksRepository: createBlocksRepository(db),
    outbox: app.outbox,
    removeLikesAndMatch,
  });
  // One bound for every photo upload of this instance, profile and chat photos alike (docs/storage.md).
  const photoWork = createSemaphore(PHOTO_WORK_CONCURRENCY);
  const photos = createPhotosService({
    db,
    photosRepository: createPhotosRepository(db),
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
  // One offline geocoder (its table loads on first use): geocode.php, and the distance order of landers and signup matches.
  const geocoder = createGeocoder();
  const matches = createMatchesService({
    matchesRepository: createMatchesRepository(db),
    cursors,
    locate: geocoder.locate,
    now,
  });
  // Chat (docs/chat.md): each use case over the chat repository; `chats` is their face for routes and other modules.
  const chatsRepository = createChatsRepository(db);
  const chatPhotoUrls = createChatPhotoUrls(secrets.chatPhotoSigning, now);
  const chatReadMarks = createReadMarksService({ repo: chatsRepository, outbox: app.outbox });
  const chats = createChatsService({
    sends: createSendService({ repo: chatsRepository, photoUrls: chatPhotoUrls, outbox: app.outbox, now }),
    delivery: createSendDelivery({
      photoUrls: chatPhotoUrls,
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
      readMarks: chatReadMarks,
      now,
    }),
    readMarks: chatReadMarks,
    removal: createConversationRemoval({ repo: chatsRepository, outbox: app.outbox }),
    typing: createTypingService({ repo: chatsRepository, realtime: app.realtime }),
    photos: createChatPhotoAccess({ repo: chatsRepository, photoUrls: chatPhotoUrls }),
    signupMessages: createSignupDelivery({ repo: chatsRepository, blocks, photoUrls: chatPhotoUrls, now }),
  });
  const likes = createLikesService({
    db,
    likesRepository: createLikesRepository(db),
    blocks,
    cursors,
    outbox: app.outbox,
    pollVersions: app.pollVersions,
    conversations: chats,
    now,
  });
  // Visitor pages and site caches on every instance hear these once their transaction committed (docs/event-bus.md).
  app.outbox.onDelivery('member.shown', (payload) => app.bus.publish('member.shown', payload));
  app.outbox.onDelivery('site.changed', (payload) => app.bus.publish('site.changed', payload));
  // A send's statement records one `chat.sent` event; the chats module delivers it (docs/chat-scaling.md).
  app.outbox.onDelivery('chat.sent', (event, { id }) => chats.deliverSent(event, id));
  const paymentsRepository = createPaymentsRepository(db);
  const paymentProvider =
    options.payments.provider === 'mollie'
      ? createMollieProvider({ apiKey: options.payments.mollieApiKey })
      : options.payments.provider === 'sandbox'
        ? // The built-in sandbox calls the webhook in-process, with the same request a provider would send.
          createSandboxProvider({
            db,
            directDebitSettleMs: options.directDebitSettleMs,
            callWebhook: async (url, paymentId) => {
              await app.inject({
                method: 'POST',
                url: new URL(url).pathname,
                payload: `id=${encodeURIComponent(paymentId)}`,
                headers: { 'content-type': 'application/x-www-form-urlencoded' },
              });
            },
          })
        : createUnavailableProvider();
  // Payments (docs/payments.md): premium through accounts, credits through the ledger, the receipt's seller through sites.
  const discounts = createDiscounts({ repo: paymentsRepository, now });
  const orders = createOrdersService({
    db,
    repo: paymentsRepository,
    discounts,
    provider: paymentProvider,
    findAccountContact,
    now,
  });
  const paymentRefunds = createRefundsService({
    outbox: app.outbox,
    repo: paymentsRepository,
    provider: paymentProvider,
    ledger: { lockBalance, listLedgerEntries, postLedgerEntry },
    now,
  });
  const payments = createPaymentsService({
    orders,
    directDebit: createDirectDebitService({
      db,
      repo: paymentsRepository,
      discounts,
      orders,
      provider: paymentProvider,
      sms: app.sms,
      findAccountContact,
      lockAccount,
      now,
    }),
    refunds: paymentRefunds,
    webhooks: createWebhooksService({
      outbox: app.outbox,
      repo: paymentsRepository,
      provider: paymentProvider,
      discounts,
      receipts: createReceipts({ mailer: app.mailer, findAccountContact, findSite }),
      ledger: { lockBalance, listLedgerEntries, postLedgerEntry },
      markPremium,
      outcomes: app.metrics.paymentWebhooks,
      now,
    }),
  });
  const services = {
    traffic,
    /** Landers' variants and weights per site (docs/traffic.md, "Lander experiments"). */
    landerExperiments: createLanderExperiments({ db, now }),
    /** The acting member of a request, and the profiles a request may act on. */
    viewers: createViewerLoader(members),
    members,
    accounts: createAccountsService({
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
    }),
    chats,
    /** Chat photo sends: checked, decoded, stored, sent, and removed again when the send fails (docs/chat.md). */
    chatPhotos: createChatPhotosService({ chats, photos, storage: app.storage }),
    notifications,
    analytics: createAnalyticsService({ db }),
    payments,
    blocks,
    geo: createGeoService({ geocoder }),
    landers: createLandersService({
      landersRepository: createLandersRepository(db),
      locate: geocoder.locate,
      now,
    }),
    photos,
    verification,
    matches,
    likes,
    dataExport: createDataExportService({
      db,
      repo: createDataExportRepository(db),
      storage: app.storage,
      jobs: app.jobs,
      mailer: app.mailer,
      signingKey: secrets.dataExportSigning,
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
      locate: geocoder.locate,
      now,
    }),
    swipe: createSwipeService({
      outbox: app.outbox,
      swipeRepository: createSwipeRepository(db),
      likes,
      blocks,
      matches,
      locate: geocoder.locate,
      now,
    }),
    tickets: createTicketsService({ db, ticketsRepository: createTicketsRepository(db), mailer: app.mailer, now }),
  };
  return {
    ...services,
    /** The staff console (docs/staff-console.md). */
    admin: createAdminService({
      db,
      cursors,
      sessions: app.sessions,
      outbox: app.outbox,
      members,
      photos,
      verification,
      refunds: paymentRefunds,
      mailer: app.mailer,
      now,
    }),
  };
}

export type Services = ReturnType<typeof buildServices>;

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}

export const servicesPlugin = fp<ServicesOptions>(
  async (app, options) => {
    const secrets = {
      chatPhotoSigning: await loadSharedSecret(app.db, 'chat-photo-signing'),
      unsubscribeSigning: await loadSharedSecret(app.db, 'unsubscribe-signing'),
      dataExportSigning: await loadSharedSecret(app.db, 'data-export-signing'),
      trafficSigning: await loadSharedSecret(app.db, 'traffic-cookie-signing'),
    };
    app.decorate('services', buildServices(app, secrets, options));
  },
  {
    name: 'services',
    dependencies: [
      'db',
      'cursors',
      'jobs',
      'session',
      'poll-versions',
      'outbox',
      'mailer',
      'storage',
      'realtime',
      'sms',
      'push',
      'metrics',
    ],
  },
);
