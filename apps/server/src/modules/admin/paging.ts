// The console's lists: pages of DEFAULT_PAGE rows, newest first, an opaque cursor naming the last id shown.
import type { CursorCodec } from '../../lib/cursors.ts';

export const DEFAULT_PAGE = 25;

export function createPaging(cursors: CursorCodec) {
  return {
    /** The id the page starts below (none on the first page). */
    afterId: (kind: string, cursor: string | undefined) =>
      cursor ? (cursors.decode(kind, cursor, 'n')[0] as number) : undefined,
    /** The cursor of the next page when the query found `limit + 1` rows, else null. */
    nextOf: <T>(rows: T[], limit: number, kind: string, id: (row: T) => number) =>
      rows.length > limit ? cursors.encode(kind, [id(rows[limit - 1]!)]) : null,
  };
}
