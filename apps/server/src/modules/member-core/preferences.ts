// Who suits whom (used by the match finder, signup matches, the swipe game and auto-like): gender, sexuality and "Show
// me" both ways, age window, country.
import { sql, type SQL } from 'drizzle-orm';
import {
  GENDERS,
  SEARCH_MAX_AGE,
  ageOn,
  SHOW_ME_SHOWING,
  sexualitiesSeeking,
  wantedGenders,
  type ProfileGender,
} from '@app/contracts';
import { profiles } from '../../db/schema/index.ts';
import { isAgeBetween, type Viewer } from './profile-cards.ts';

/** Suggestions span this many years either side of the member's own age. */
export const AGE_WINDOW_YEARS = 10;

/** A SQL list of values. */
export const sqlList = <T extends string>(values: readonly T[]) =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/**
 * SQL: the profile suits the viewer both ways (docs/orientation.md). The profile's gender is one the viewer wants to
 * see (their "Show me", else derived from gender and sexuality), and the viewer's gender one the profile wants to see:
 * by the profile's "Show me" when it chose one, else by its sexuality (none counts as open to both men and women).
 */
export function isCompatibleWith(viewer: Pick<Viewer, 'gender' | 'sexuality' | 'showMe'>): SQL {
  // The rule itself is in the contracts (orientation.ts), shared with the web's search defaults.
  const wanted = wantedGenders({ gender: viewer.gender, sexuality: viewer.sexuality, show_me: viewer.showMe });
  const isWanted = sql`${profiles.gender} in (${sqlList(wanted)})`;
  if (!viewer.gender) return sql`(${isWanted})`;
  const viewerGender = viewer.gender;
  const chosen = sql`${profiles.showMe} in (${sqlList(SHOW_ME_SHOWING[viewerGender])})`;
  // Without a choice a profile looks for men and women by its sexuality, never for a non-binary member.
  const derived =
    viewerGender === 'non_binary'
      ? sql`false`
      : sql.join(
          GENDERS.map(
            (gender) =>
              sql`(${profiles.gender} = ${gender} and (${profiles.sexuality} is null or ${profiles.sexuality} in (${sqlList(
                sexualitiesSeeking(gender, viewerGender),
              )})))`,
          ),
          sql` or `,
        );
  return sql`(${isWanted} and (${chosen} or (${profiles.showMe} is null and (${derived}))))`;
}

/**
 * SQL: the profile lets a searcher of this gender see it: no "Show me" chosen (search is by the searcher's own filters,
 * as before), or one that shows the gender (docs/orientation.md).
 */
export function isShownTo(gender: ProfileGender): SQL {
  return sql`(${profiles.showMe} is null or ${profiles.showMe} in (${sqlList(SHOW_ME_SHOWING[gender])}))`;
}

/** The age window around the viewer's age (the site's minimum age at least); everyone of age when unknown. */
export function ageWindowOf(viewer: Pick<Viewer, 'dateOfBirth'>, minAge: number, now: Date): [number, number] {
  if (!viewer.dateOfBirth) return [minAge, SEARCH_MAX_AGE];
  const age = ageOn(viewer.dateOfBirth, now);
  return [Math.max(minAge, age - AGE_WINDOW_YEARS), Math.min(SEARCH_MAX_AGE, Math.max(minAge, age + AGE_WINDOW_YEARS))];
}

/** Compatibility plus the age window: what every suggestion query starts from. */
export function isSuitableFor(
  viewer: Pick<Viewer, 'gender' | 'sexuality' | 'showMe' | 'dateOfBirth'>,
  minAge: number,
  now: Date,
): SQL {
  const [minimum, maximum] = ageWindowOf(viewer, minAge, now);
  return sql`(${isCompatibleWith(viewer)} and ${isAgeBetween(now, minimum, maximum)})`;
}
