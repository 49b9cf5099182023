// buildApp(config): the whole application as a Fastify instance, without listen().
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import cookie from '@fastify/cookie';
import compress from '@fastify/compress';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from './config.ts';
import { openMigratedDatabase, type DatabaseHandle } from './db/client.ts';
import { dbPlugin } from './plugins/db.plugin.ts';
import { readReplicaPlugin } from './plugins/read-replica.plugin.ts';
import { answerClientError, answerFrameworkError, errorsPlugin } from './plugins/errors.plugin.ts';
import { localePlugin } from './plugins/locale.plugin.ts';
import { requestLogPlugin } from './plugins/request-log.plugin.ts';
import { openapiPlugin } from './plugins/openapi.plugin.ts';
import { rateLimitPlugin } from './plugins/rate-limit.plugin.ts';
import { redisPlugin } from './plugins/redis.plugin.ts';
import { busPlugin } from './plugins/bus/index.ts';
import { outboxPlugin } from './plugins/outbox/index.ts';
import { realtimePlugin } from './plugins/realtime/index.ts';
import { drainPlugin } from './plugins/drain.plugin.ts';
import { securityPlugin } from './plugins/security.plugin.ts';
import { sitePlugin } from './plugins/site/index.ts';
import { webPlugin } from './plugins/web.plugin.ts';
import { jobsPlugin } from './plugins/jobs/index.ts';
import { metricsPlugin } from './plugins/metrics/index.ts';
import { mailerPlugin } from './plugins/mailer/index.ts';
import { cursorsPlugin } from './plugins/cursors.plugin.ts';
import { sessionPlugin } from './plugins/session/index.ts';
import { serializeFrozenOnce } from './lib/frozen-answers.ts';
import { pollVersionsPlugin } from './plugins/poll-versions/index.ts';
import { staffSessionPlugin } from './plugins/staff-session/index.ts';
import { adminPlugin, demoStaffPlugin } from './modules/admin/index.ts';
import { storagePlugin } from './plugins/storage/index.ts';
import { smsPlugin } from './plugins/sms/index.ts';
import { activityPlugin } from './plugins/activity.plugin.ts';
import { pushPlugin, type PushNetwork } from './plugins/push/index.ts';
import { rejectUnknownRoute, routeNotFoundOptions } from './lib/route-not-found.ts';
import { analyticsRoutes } from './modules/analytics/analytics.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { geoRoutes } from './modules/geo/geo.routes.ts';
import { createLanderWebPages, landersRoutes } from './modules/landers/index.ts';
import { createFirstViewPages } from './modules/first-view/index.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { siteMetaRoutes } from './modules/site-meta/site-meta.routes.ts';
import { seoHead } from './modules/site-meta/seo-head.ts';
import { siteThemeHead } from './modules/site-meta/site-theme-head.ts';
import { sitesRoutes } from './modules/sites/sites.routes.ts';
import { accountsRoutes } from './modules/accounts/accounts.routes.ts';
import { serializeRequestForLog } from './modules/accounts/index.ts';
import { servicesPlugin } from './services.ts';
import { classifierFor, faceDescriberFor } from './services-safety.ts';
import type { FaceDescriber, ImageClassifier } from './modules/safety/index.ts';
import { safetyRoutes } from './modules/safety/safety.routes.ts';
import {
  LOCAL_POSTBACK_POLICY,
  PUBLIC_HTTPS_POLICY,
  resolveWithSystem,
  type PostbackNetwork,
} from './modules/traffic/index.ts';
import { deleteExpiredAccountRows } from './modules/accounts/expired-cleanup.ts';
import { devRoutes } from './modules/dev/dev.routes.ts';
import { demoSeedPlugin } from './modules/dev/demo-seed.plugin.ts';
import { profilesRoutes } from './modules/profiles/profiles.routes.ts';
import { markActiveDay } from './modules/profiles/index.ts';
import { photosRoutes } from './modules/photos/photos.routes.ts';
import { searchRoutes } from './modules/search/search.routes.ts';
import { likesRoutes } from './modules/likes/likes.routes.ts';
import { blocksRoutes } from './modules/blocks/blocks.routes.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { dataExportRoutes } from './modules/data-export/data-export.routes.ts';
import { swipeRoutes } from './modules/swipe/swipe.routes.ts';
import { matchesRoutes } from './modules/matches/matches.routes.ts';
import { chatsRoutes } from './modules/chats/chats.routes.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { insertBundles } from './modules/payments/index.ts';
import { notificationsRoutes } from './modules/notifications/notifications.routes.ts';
import { visitorsRoutes } from './modules/visitors/visitors.routes.ts';

export type BuildOptions = {
  /** An open database to use instead of opening one from the config (tests share one per worker). */
  database?: DatabaseHandle;
  /** Serve the built web app (default: config.serveWeb, i.e. SERVE_WEB; skipped when not built). */
  serveWeb?: boolean;
  /** Tests: where web push connects (a local stand-in push service: its resolver, address policy and certificate). */
  pushNetwork?: Partial<PushNetwork>;
  /** Tests: where postbacks may go (the production policy against a stand-in, say). */
  postbackNetwork?: Partial<PostbackNetwork>;
  /** Tests: the image classifier instead of the config's (one that fails, say). */
  classifier?: ImageClassifier;
  /** Tests: the face model instead of the config's. */
  faces?: FaceDescriber;
};

const BODY_LIMIT_BYTES = 1024 * 1024;

export async function buildApp(config: AppConfig, options: BuildOptions = {}): Promise<FastifyInstance> {
  const app = Fastify({
    logger: config.env === 'test' ? false : { level: config.logLevel, serializers: { req: serializeRequestForLog } },
    // plugins/request-log.plugin.ts logs the requests worth a line instead.
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 200 },
    // Errors Fastify answers itself (a bad URL, an overlong path parameter, a request Node's parser refuses) get the
    // API's error shape too, never Fastify's default body (docs/input.md).
    frameworkErrors: answerFrameworkError,
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler((route) =>
    serializeFrozenOnce(serializerCompiler(route as Parameters<typeof serializerCompiler>[0])),
  );

  await app.register(requestLogPlugin, { slowMs: config.logSlowMs, sampleRate: config.logSampleRate });
  await app.register(cookie);
  await app.register(localePlugin);
  await app.register(errorsPlugin);
  // Opened and migrated here, before any plugin: no plugin timeout bounds the migrations however slow the host is.
  const database =
    options.database ??
    (await openMigratedDatabase({
      databaseUrl: config.databaseUrl,
      databaseOwnerUrl: config.databaseOwnerUrl,
      pgliteDataDir: config.pgliteDataDir,
      replica: config.databaseReplicaUrl
        ? {
            url: config.databaseReplicaUrl,
            maxLagMs: config.replicaMaxLagMs,
            onError: (error) => app.log.warn({ err: error }, 'read replica check failed'),
          }
        : undefined,
    }));
  await app.register(dbPlugin, { database, isOwned: !options.database });
  await app.register(readReplicaPlugin, { maxLagMs: config.replicaMaxLagMs });
  await app.register(sitePlugin, { publicUrl: config.publicUrl, insertBundles });
  await app.register(securityPlugin);
  await app.register(redisPlugin, {
    redisUrl: config.redisUrl,
    isCluster: config.redisCluster,
    redisKeyPrefix: config.redisKeyPrefix,
  });
  await app.register(busPlugin);
  await app.register(outboxPlugin, { isSweeping: config.env !== 'test', answersAfterSettled: config.env === 'test' });
  await app.register(realtimePlugin);
  await app.register(drainPlugin);
  await app.register(rateLimitPlugin, { factor: config.rateLimitFactor });
  await app.register(compress, { threshold: 1024 });
  // The document maps every route for whoever asks: off in production unless API_DOCS=true.
  if (config.apiDocs) await app.register(openapiPlugin);
  await app.register(jobsPlugin, { isPolling: config.env !== 'test' });
  await app.register(metricsPlugin, config.metrics);
  await app.register(cursorsPlugin);
  await app.register(sessionPlugin, { publicUrl: config.publicUrl, memberViewCacheSize: config.memberViewCacheSize });
  await app.register(pollVersionsPlugin, { cacheSize: config.memberViewCacheSize });
  await app.register(staffSessionPlugin, { publicUrl: config.publicUrl });
  await app.register(activityPlugin, { markActiveDay });
  await app.register(mailerPlugin, { smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, publicUrl: config.publicUrl });
  await app.register(storagePlugin, { dataDir: config.dataDir, s3: config.s3 });
  await app.register(smsPlugin, { twilio: config.twilio });
  await app.register(pushPlugin, {
    vapidKeys: config.vapidKeys,
    subject: config.vapidSubject,
    network: options.pushNetwork,
  });

  // The sandbox settles a direct debit after a while, as a bank would days later (never by itself in tests).
  await app.register(servicesPlugin, {
    payments: config.payments,
    classifier: options.classifier ?? classifierFor(config.photoClassifier),
    faces: options.faces ?? faceDescriberFor(config.photoClassifier),
    directDebitSettleMs: config.env === 'test' ? 0 : 15_000,
    traffic: {
      isSecureCookie: config.publicUrl.startsWith('https://'),
      // Tests read a visit right after its page: each is written before the page is answered.
      visitFlushMs: config.env === 'test' ? 0 : 250,
      postbackNetwork: {
        resolve: resolveWithSystem,
        // Outside production a local stand-in network may be called (tests, a tester's machine).
        policy: config.env === 'production' ? PUBLIC_HTTPS_POLICY : LOCAL_POSTBACK_POLICY,
        ...options.postbackNetwork,
      },
    },
  });
  app.addHook('onClose', async () => {
    app.services.traffic.stop();
    await app.services.traffic.flushVisits();
  });
  app.addHook('onReady', () => app.services.traffic.reloadNetworks());
  // Every job's handler (plugins/jobs/job-declarations.ts), built from the services it uses.
  app.jobs.handle({
    db: app.db,
    log: app.log,
    storage: app.storage,
    deliverMail: app.deliverMail,
    deleteExpiredAccountRows: (now) => deleteExpiredAccountRows(app.db, now),
    accounts: app.services.accounts,
    dataExport: app.services.dataExport,
    notifications: app.services.notifications,
    safety: {
      screenPhoto: (job) => app.services.screening.screen(job),
      forgetFingerprints: (now) => app.services.risk.forgetFingerprints(now),
    },
    visitors: app.services.visitors,
    traffic: {
      sendPostback: (postbackId, context) => app.services.traffic.postbacks.send(postbackId, context),
      forgetEndedVisitors: (now) => app.services.traffic.forgetEndedVisitors(now),
    },
  });
  if (config.payments.provider === 'none') {
    app.log.warn(
      'payments: no provider (MOLLIE_API_KEY is unset and PAYMENTS_TEST_MODE is not true): members are told payments are not available',
    );
  }
  await app.register(healthRoutes);
  await app.register(siteMetaRoutes);
  await app.register(
    async (api) => {
      await api.register(sitesRoutes);
      await api.register(contentRoutes);
      await api.register(geoRoutes);
      await api.register(landersRoutes);
      await api.register(analyticsRoutes);
      await api.register(accountsRoutes);
      for (const routes of [
        profilesRoutes,
        photosRoutes,
        searchRoutes,
        likesRoutes,
        blocksRoutes,
        reportsRoutes,
        dataExportRoutes,
        swipeRoutes,
        matchesRoutes,
        chatsRoutes,
        safetyRoutes,
        paymentsRoutes,
        visitorsRoutes,
      ])
        await api.register(routes);
      await api.register(notificationsRoutes, {
        mailEventsSecret: config.mailEventsSecret,
        publicUrl: config.publicUrl,
      });
      await api.register(adminPlugin);
      // The mailbox shows every mail with its links: never in production.
      if (config.env !== 'production') await api.register(devRoutes);
      api.all('/*', routeNotFoundOptions, rejectUnknownRoute);
    },
    { prefix: '/api' },
  );
  await app.register(demoSeedPlugin, { isEnabled: config.env === 'development', memberCount: config.demoMemberCount });
  await app.register(demoStaffPlugin, { isEnabled: config.env === 'development' });
  if (options.serveWeb ?? config.serveWeb)
    await app.register(webPlugin, {
      distDir: config.webDistDir,
      pages: [
        // A lander page rendering nothing names no lander, or a landing of no member shown (docs/web-shell.md).
        ...createLanderWebPages({
          bus: app.bus,
          renderSeconds: app.metrics.renderSeconds,
          waitMs: config.pageWaitMs,
          isTrackingKey: (key) => app.services.traffic.isTrackingKey(key),
        }).map((page) => ({ ...page, isNotFoundWhenNull: true })),
        ...createFirstViewPages({
          bus: app.bus,
          renderSeconds: app.metrics.renderSeconds,
          waitMs: config.pageWaitMs,
          isTrackingKey: (key) => app.services.traffic.isTrackingKey(key),
        }),
      ],
      defaultPage: (request) => seoHead(request, (key) => app.services.traffic.isTrackingKey(key)),
      recordVisit: (request, reply, visit) => app.services.traffic.recordVisit(request, reply, visit),
      siteTheme: siteThemeHead,
    });

  return app;
}
