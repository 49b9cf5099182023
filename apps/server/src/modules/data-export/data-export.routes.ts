// GDPR export endpoints (docs/data-export.md): POST /api/data-export.php queues "Download my data"; GET with the
// mailed link's id, expires and sig downloads the zip, for the member it belongs to, logged in.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { dataExportDownloadQuerySchema, dataExportRequestSchema, dataExportResponseSchema } from '@app/contracts';
import { rateLimitHook } from '../../plugins/rate-limit.plugin.ts';
import { memberRateKey } from '../../plugins/session/index.ts';
import { errorResponses } from '../member-core/index.ts';

const TAGS = ['account'];
const zipFileSchema = z.unknown().meta({ type: 'string', format: 'binary', description: 'application/zip' });

export const dataExportRoutes: FastifyPluginAsyncZod = async (app) => {
  const { dataExport } = app.services;
  const requestLimit = rateLimitHook(app, { name: 'data-export', max: 5, timeWindow: '1 hour', key: memberRateKey });
  const downloadLimit = rateLimitHook(app, {
    name: 'data-export-download',
    max: 30,
    timeWindow: '1 hour',
    key: memberRateKey,
  });

  app.post(
    '/data-export.php',
    {
      preValidation: [app.requireMember],
      preHandler: [requestLimit],
      schema: {
        tags: TAGS,
        summary: 'Download my data: queues a zip of the member’s data, mailed as an expiring link; once per 24 hours',
        body: dataExportRequestSchema,
        response: { 200: dataExportResponseSchema, ...errorResponses },
      },
    },
    async (request) => {
      await dataExport.request(request.member!.user.id);
      return { status: 'pending' as const };
    },
  );

  app.get(
    '/data-export.php',
    {
      preValidation: [app.optionalMember],
      schema: {
        tags: TAGS,
        summary:
          'The export zip behind a mailed link: needs the member’s session and the link’s valid, unexpired signature',
        querystring: dataExportDownloadQuerySchema,
        response: {
          200: zipFileSchema,
          302: z.unknown(),
          404: errorResponses[404],
          410: errorResponses[404],
          429: errorResponses[429],
        },
      },
    },
    async (request, reply) => {
      // A member opening the mail's link logged out logs in first and comes back here.
      if (!request.member) return reply.redirect(`/login?redirectTo=${encodeURIComponent(request.url)}`, 302);
      await downloadLimit.call(app, request, reply);
      const { file, size, filename } = await dataExport.download(request.member.user.id, request.query);
      reply
        .header('cache-control', 'private, no-store')
        .header('content-disposition', `attachment; filename="${filename}"`)
        .header('x-content-type-options', 'nosniff')
        .type('application/zip');
      if (size !== undefined) reply.header('content-length', size);
      return reply.send(file);
    },
  );
};
