// The IPC between chat.bench.ts and its app instances (instance.ts).
export type SeededMember = { userId: number; profileId: number; token: string };

export type Command =
  | { type: 'seedMembers'; count: number; credits: number; tag: string }
  | { type: 'seedConversations'; profileId: number; count: number }
  | { type: 'prepareBare' }
  | { type: 'dropBare' }
  | { type: 'insertLoop'; concurrency: number; ms: number }
  | { type: 'publish'; id: number; profileIds: number[] }
  | { type: 'barePublish'; id: number }
  | { type: 'bareInsertPublish'; id: number }
  | { type: 'memory' }
  | { type: 'cpu' }
  | { type: 'close' };

export type Reply = { seq: number; ok: true; value: unknown } | { seq: number; ok: false; error: string };

export type Ready = { port: number; dbKind: 'postgres' | 'pglite'; bareChannel: string };
export type InsertLoopResult = { inserts: number; ms: number };
export type MemoryReading = { rss: number; heapUsed: number; external: number; arrayBuffers: number; sockets: number };
/** process.cpuUsage() of an instance (microseconds), and the PostgreSQL statements and Redis commands it sent so far. */
export type CpuReading = { user: number; system: number; queries: number; redisCommands: number };
