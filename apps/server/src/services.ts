// The composition root: every service is built here, once, from its dependencies; routes receive them as
// `app.services` and never build or import another feature's service (docs/server-layout.md).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { PaymentSettings } from './config.ts';
import { buildPayments } from './services-payments.ts';
import { buildSafety } from './services-safety.ts';
import type { FaceDescriber, ImageClassifier } from './modules/safety/index.ts';
import {
  buildAccounts,
  buildChats,
  buildLikes,
  buildMemberFeatures,
  buildNotifications,
  buildPhotoServices,
  buildTraffic,
  relayDeliveries,
  type TrafficOptions,
} from './services-builders.ts';
import { createAdminService } from './modules/admin/index.ts';
import { createBlocksRepository, createBlocksService } from './modules/blocks/index.ts';
import { createChatPhotosService } from './modules/chats/index.ts';
import { createAnalyticsService } from './modules/analytics/index.ts';
import { loadSharedSecret } from './lib/secrets.ts';
import { createGeocoder, createGeoService } from './modules/geo/index.ts';
import { createLanderExperiments, createLandersRepository, createLandersService } from './modules/landers/index.ts';
import { removeLikesAndMatch } from './modules/likes/index.ts';
import { createMatchesRepository, createMatchesService } from './modules/matches/index.ts';
import { createMembersRepository, createViewerLoader } from './modules/member-core/index.ts';
import { consumeNotificationEvents } from './modules/notifications/index.ts';
import { consumeVisitEvents, createVisitorsRepository, createVisitorsService } from './modules/visitors/index.ts';

export type ServicesOptions = {
  payments: PaymentSettings;
  /** The image classifier of photo screening (docs/safety.md). */
  classifier: ImageClassifier;
  /** The face model comparing verification selfies with profile photos (docs/safety.md, "Face similarity"). */
  faces: FaceDescriber;
  directDebitSettleMs?: number;
  /** Paid traffic (docs/traffic.md): the cookie's Secure flag, how long visits wait for their batch, postbacks' reach. */
  traffic: TrafficOptions;
};

export function buildServices(
  app: FastifyInstance,
  secrets: { chatPhotoSigning: Buffer; unsubscribeSigning: Buffer; dataExportSigning: Buffer; trafficSigning: Buffer },
  options: ServicesOptions,
) {
  const { db, cursors } = app;
  const now = () => app.clock.now();
  const members = createMembersRepository(db);
  const traffic = buildTraffic(app, secrets.trafficSigning, options.traffic, members);
  const { notifications, notificationEvents } = buildNotifications(app, secrets.unsubscribeSigning);
  // Likes and chat messages start their notifications: outbox events, consumed once each (docs/notifications.md).
  consumeNotificationEvents(app.outbox, notificationEvents);
  const blocks = createBlocksService({
    db,
    blocksRepository: createBlocksRepository(db),
    outbox: app.outbox,
    removeLikesAndMatch,
  });
  const { photos, verification, photoSafety } = buildPhotoServices(app);
  const safety = buildSafety(app, { classifier: options.classifier, faces: options.faces }, photoSafety);
  // One offline geocoder (its table loads on first use): geocode.php, and the distance order of landers and signup matches.
  const geocoder = createGeocoder();
  const matches = createMatchesService({
    matchesRepository: createMatchesRepository(db),
    cursors,
    locate: geocoder.locate,
    now,
  });
  const chats = buildChats(app, secrets.chatPhotoSigning, blocks, {
    photoBlur: safety.chatPhotoBlur,
    hold: safety.risk,
  });
  const likes = buildLikes(app, blocks, chats);
  relayDeliveries(app, chats);
  const { payments, paymentRefunds } = buildPayments(app, options, now);
  // Who viewed me: member pages announce visits, the consumer records them once each (docs/visitors.md).
  const visitors = createVisitorsService({
    visitorsRepository: createVisitorsRepository(db),
    outbox: app.outbox,
    cursors,
    now,
    log: app.log,
  });
  consumeVisitEvents(app.outbox, visitors);
  const services = {
    traffic,
    /** Landers' variants and weights per site (docs/traffic.md, "Lander experiments"). */
    landerExperiments: createLanderExperiments({ db, now }),
    /** The acting member of a request, and the profiles a request may act on. */
    viewers: createViewerLoader(members),
    members,
    accounts: buildAccounts(app, chats, traffic),
    chats,
    /** Chat photo sends: checked, decoded, stored, sent, and removed again when the send fails (docs/chat.md). */
    chatPhotos: createChatPhotosService({
      chats,
      photos,
      storage: app.storage,
      takeBlurNotice: safety.chatPhotoBlur.takeSenderNotice,
    }),
    /** Photo screening and the receiver's chat photo blur (docs/safety.md). */
    screening: safety.screening,
    chatPhotoBlur: safety.chatPhotoBlur,
    /** Members' risk from signals after commit; their held messages (docs/safety.md, "Risk"). */
    risk: safety.risk,
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
    visitors,
    ...buildMemberFeatures(app, secrets.dataExportSigning, { photos, blocks, likes, matches, locate: geocoder.locate }),
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
      photoSafety,
      risk: safety.risk,
      chats,
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
