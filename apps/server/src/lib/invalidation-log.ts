// The last invalidations of a cache kept fresh by events, so that a load racing with one never stores what it read
// before the change (member views, poll versions).

/** Invalidations remembered; a load that started before the oldest of them counts as raced. */
const REMEMBERED = 1024;

export type InvalidationLog<K> = {
  /** Where the log stands: take it before a load, and ask `changedSince` with it before storing the result. */
  position(): number;
  /** Records that `key` changed (the cache drops its copies itself). */
  mark(key: K): void;
  /** Whether `key` was marked after `position` (unknown, because it was forgotten, counts as yes). */
  changedSince(position: number, key: K): boolean;
};

export function createInvalidationLog<K>(remembered = REMEMBERED): InvalidationLog<K> {
  let epoch = 0;
  const recent: { epoch: number; key: K }[] = [];
  return {
    position: () => epoch,
    mark(key) {
      epoch += 1;
      recent.push({ epoch, key });
      if (recent.length > remembered) recent.shift();
    },
    changedSince(position, key) {
      if (epoch === position) return false;
      if (!recent.length || recent[0]!.epoch > position + 1) return true;
      return recent.some((entry) => entry.epoch > position && entry.key === key);
    },
  };
}
