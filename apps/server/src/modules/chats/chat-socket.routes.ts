// The member socket (CHAT_SOCKET_PATH): chat, read, typing, likes and member events; the client sends typing and ping.
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CHAT_SOCKET_PATH, type SocketServerEvent } from '@app/contracts';
import { AppError } from '../../lib/http-errors.ts';
import { CLOSE_SESSION_CHANGED, isSameOrigin } from '../../plugins/realtime/index.ts';

const TAGS = ['chat'];

export const chatSocketRoutes: FastifyPluginAsyncZod = async (app) => {
  const { chats } = app.services;

  app.get(
    CHAT_SOCKET_PATH.replace(/^\/api/, ''),
    {
      websocket: true,
      preValidation: [
        async (request) => {
          // A page of another site may not open a socket with this site's cookie (cross-site WebSocket hijacking).
          if (!isSameOrigin(request)) throw new AppError(403, 'forbidden');
        },
        app.requireMember,
      ],
      schema: {
        tags: TAGS,
        summary:
          'The member socket (WebSocket): chat, read, typing, likes and member events; client may send typing and ping',
        hide: true,
      },
    },
    async (socket, request) => {
      const member = request.member!;
      const profileId = member.view.profile.id;
      const accepted = app.realtime.accept(
        socket,
        { userId: member.user.id, profileId, sessionId: member.sessionId },
        (event) => {
          if (event.type === 'typing')
            void chats
              .typing({ profileId }, event.conversation_id)
              .catch((error) => request.log.error({ err: error }, 'typing'));
        },
      );
      try {
        // The hello's state is read once this instance hears the member's events: nothing falls in between.
        await accepted;
        const state = await chats.inboxState(profileId);
        const hello: SocketServerEvent = {
          type: 'hello',
          profile_id: profileId,
          version: state.version,
          unread_total: state.unreadTotal,
        };
        socket.send(JSON.stringify(hello));
      } catch (error) {
        request.log.error({ err: error }, 'socket hello');
        socket.close(CLOSE_SESSION_CHANGED, 'retry');
      }
    },
  );
};
