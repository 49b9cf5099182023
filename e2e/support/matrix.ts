// `npm test` checks accessibility and overflow on a representative set of screens, widths and languages;
// `npm run test:full` (CI runs both) checks the whole matrix. One switch, read by the matrix files.

/** True under `npm run test:full` (E2E_FULL=1): every screen at every width and language. */
export const FULL_MATRIX = process.env.E2E_FULL === '1';

/** The whole list under test:full, else only the entries `isRepresentative` picks. */
export function matrix<T>(all: readonly T[], isRepresentative: (entry: T) => boolean): T[] {
  return FULL_MATRIX ? [...all] : all.filter(isRepresentative);
}
