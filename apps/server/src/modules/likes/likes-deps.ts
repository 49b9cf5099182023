// What the likes services are built from (each takes only the part it uses).
import type { Database, Executor } from '../../db/client.ts';
import type { BlocksService } from '../blocks/index.ts';
import type { Effects, Outbox } from '../../plugins/outbox/index.ts';
import type { PollVersions } from '../../plugins/poll-versions/index.ts';
import type { CursorCodec } from '../../lib/cursors.ts';
import type { LikesRepository } from './likes.repository.ts';

export type LikesDeps = {
  db: Database;
  likesRepository: LikesRepository;
  blocks: Pick<BlocksService, 'assertCanInteract' | 'lockPair'>;
  cursors: CursorCodec;
  /** Every like, unlike and seen like records its announcements in its transaction (docs/event-bus.md). */
  outbox: Pick<Outbox, 'transaction'>;
  /** likes.php's tag reads the likes version through it. */
  pollVersions: Pick<PollVersions, 'read'>;
  /** Unmatch takes the pair's conversation off both lists (the chats module's rule). */
  conversations: {
    hidePair(a: number, b: number, tx: Executor, effects: Effects): Promise<void>;
    hasConversation(a: number, b: number, tx: Executor): Promise<boolean>;
  };
  now: () => Date;
};
