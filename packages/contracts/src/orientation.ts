// Who looks for whom (docs/orientation.md): one rule from gender, sexuality and the member's own "Show me", used by the
// server's matching and search defaults and by the web.
import type { Gender, ProfileGender, Sexuality, ShowMe } from './members.ts';

const otherGender = (gender: Gender): Gender => (gender === 'male' ? 'female' : 'male');

/**
 * "gay" and "lesbian" both mean attracted to one's own gender, whoever chose them: a woman who chose
 * "gay" is read as lesbian, a man who chose "lesbian" as gay (docs/orientation.md).
 */
export const isSameSexSexuality = (sexuality: Sexuality | null): boolean =>
  sexuality === 'gay' || sexuality === 'lesbian';

/**
 * The genders a member of this gender and sexuality looks for when they chose no "Show me"; both when either is
 * unknown, or bi. A non-binary member without a choice sees everyone (the editor asks them to choose).
 */
export function soughtGenders(gender: ProfileGender | null, sexuality: Sexuality | null): ProfileGender[] {
  if (gender === 'non_binary') return ['male', 'female', 'non_binary'];
  if (!gender || !sexuality || sexuality === 'bi') return ['male', 'female'];
  return isSameSexSexuality(sexuality) ? [gender] : [otherGender(gender)];
}

/** The genders a "Show me" choice shows: men, women, or everyone (non-binary members only with everyone). */
export const SHOWN_GENDERS: Readonly<Record<ShowMe, readonly ProfileGender[]>> = {
  men: ['male'],
  women: ['female'],
  everyone: ['male', 'female', 'non_binary'],
};

/** The "Show me" choices that show members of a gender (non-binary members: only "everyone"). */
export const SHOW_ME_SHOWING: Readonly<Record<ProfileGender, readonly ShowMe[]>> = {
  male: ['men', 'everyone'],
  female: ['women', 'everyone'],
  non_binary: ['everyone'],
};

export type Orientation = { gender: ProfileGender | null; sexuality: Sexuality | null; show_me?: ShowMe | null };

/** The genders a member wants to see: their "Show me", else derived from gender and sexuality. */
export function wantedGenders(member: Orientation): readonly ProfileGender[] {
  return member.show_me ? SHOWN_GENDERS[member.show_me] : soughtGenders(member.gender, member.sexuality);
}

/** The sexualities with which a member of `memberGender` looks for members of `seekerGender` (no "Show me" chosen). */
export function sexualitiesSeeking(memberGender: Gender, seekerGender: Gender): Sexuality[] {
  return memberGender === seekerGender ? ['gay', 'lesbian', 'bi'] : ['hetero', 'bi'];
}

/** Whether two members look for each other (an unknown gender counts as open to both): both sides' choices. */
export function isMutualMatch(a: Orientation, b: Orientation): boolean {
  const looksFor = (from: Orientation, to: Orientation) => !to.gender || wantedGenders(from).includes(to.gender);
  return looksFor(a, b) && looksFor(b, a);
}

/** The gender a member's first search starts with: the one they look for, or null when they look for several. */
export function defaultSearchGender(
  gender: ProfileGender | null,
  sexuality: Sexuality | null,
  showMe: ShowMe | null = null,
): Gender | null {
  const genders = wantedGenders({ gender, sexuality, show_me: showMe });
  const [only] = genders;
  return genders.length === 1 && only !== 'non_binary' && only !== undefined ? only : null;
}
