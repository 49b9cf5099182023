// Who suits whom (used by the match finder, signup matches, the swipe game and auto-like): gender and sexuality both ways, age window, country.
import { sql, type SQL } from 'drizzle-orm';
import { SEARCH_MAX_AGE, ageOn, sexualitiesSeeking, soughtGenders } from '@app/contracts';
import { profiles } from '../../db/schema/index.ts';
import { isAgeBetween, type Viewer } from './profile-cards.ts';

/** Suggestions span this many years either side of the member's own age. */
export const AGE_WINDOW_YEARS = 10;

/**
 * SQL: the profile suits the viewer both ways. The viewer is attracted to its gender, and its sexuality
 * is attracted to the viewer's gender (a profile without a sexuality counts as open to both).
 */
export function isCompatibleWith(viewer: Pick<Viewer, 'gender' | 'sexuality'>): SQL {
  // The rule itself is in the contracts (orientation.ts), shared with the web's search defaults.
  const conditions = soughtGenders(viewer.gender, viewer.sexuality).map((gender) => {
    if (!viewer.gender) return sql`${profiles.gender} = ${gender}`;
    const sexualities = sexualitiesSeeking(gender, viewer.gender);
    return sql`(${profiles.gender} = ${gender} and (${profiles.sexuality} is null or ${profiles.sexuality} in (${sql.join(
      sexualities.map((value) => sql`${value}`),
      sql`, `,
    )})))`;
  });
  return sql`(${sql.join(conditions, sql` or `)})`;
}

/** The age window around the viewer's age (the site's minimum age at least); everyone of age when unknown. */
export function ageWindowOf(viewer: Pick<Viewer, 'dateOfBirth'>, minAge: number, now: Date): [number, number] {
  if (!viewer.dateOfBirth) return [minAge, SEARCH_MAX_AGE];
  const age = ageOn(viewer.dateOfBirth, now);
  return [Math.max(minAge, age - AGE_WINDOW_YEARS), Math.min(SEARCH_MAX_AGE, Math.max(minAge, age + AGE_WINDOW_YEARS))];
}

/** Compatibility plus the age window: what every suggestion query starts from. */
export function isSuitableFor(
  viewer: Pick<Viewer, 'gender' | 'sexuality' | 'dateOfBirth'>,
  minAge: number,
  now: Date,
): SQL {
  const [minimum, maximum] = ageWindowOf(viewer, minAge, now);
  return sql`(${isCompatibleWith(viewer)} and ${isAgeBetween(now, minimum, maximum)})`;
}
