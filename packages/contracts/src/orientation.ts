// Who looks for whom: one rule from gender and sexuality, used by the server's matching and search defaults and by the web.
import type { Gender, Sexuality } from './members.ts';

const otherGender = (gender: Gender): Gender => (gender === 'male' ? 'female' : 'male');

/**
 * "gay" and "lesbian" both mean attracted to one's own gender, whoever chose them: a woman who chose
 * "gay" is read as lesbian, a man who chose "lesbian" as gay (docs/orientation.md).
 */
export const isSameSexSexuality = (sexuality: Sexuality | null): boolean =>
  sexuality === 'gay' || sexuality === 'lesbian';

/** The genders a member of this gender and sexuality looks for; both when either is unknown, or bi. */
export function soughtGenders(gender: Gender | null, sexuality: Sexuality | null): Gender[] {
  if (!gender || !sexuality || sexuality === 'bi') return ['male', 'female'];
  return isSameSexSexuality(sexuality) ? [gender] : [otherGender(gender)];
}

/** The sexualities with which a member of `memberGender` looks for members of `seekerGender`. */
export function sexualitiesSeeking(memberGender: Gender, seekerGender: Gender): Sexuality[] {
  return memberGender === seekerGender ? ['gay', 'lesbian', 'bi'] : ['hetero', 'bi'];
}

/** Whether two members look for each other (an unknown gender or sexuality counts as open to both). */
export function isMutualMatch(
  a: { gender: Gender | null; sexuality: Sexuality | null },
  b: { gender: Gender | null; sexuality: Sexuality | null },
): boolean {
  const looksFor = (from: typeof a, to: typeof b) =>
    !to.gender || soughtGenders(from.gender, from.sexuality).includes(to.gender);
  return looksFor(a, b) && looksFor(b, a);
}

/** The gender a member's first search starts with: the one they look for, or null when they look for both. */
export function defaultSearchGender(gender: Gender | null, sexuality: Sexuality | null): Gender | null {
  const genders = soughtGenders(gender, sexuality);
  return genders.length === 1 ? genders[0]! : null;
}
