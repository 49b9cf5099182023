// `app.cursors`: signs and checks the keyset cursors of every list, with a key all instances share (lib/cursors.ts).
import fp from 'fastify-plugin';
import { createCursorCodec, type CursorCodec } from '../lib/cursors.ts';
import { loadSharedSecret } from '../lib/secrets.ts';

declare module 'fastify' {
  interface FastifyInstance {
    cursors: CursorCodec;
  }
}

export const cursorsPlugin = fp(
  async (app) => {
    app.decorate('cursors', createCursorCodec(await loadSharedSecret(app.db, 'cursor-signing')));
  },
  { name: 'cursors', dependencies: ['db'] },
);
