// The console's photo queues (pending public and private photos).

export type PhotoQueue = 'new' | 'reported';
