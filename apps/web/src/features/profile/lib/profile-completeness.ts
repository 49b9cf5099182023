// How complete the own profile is, and what to add next (docs/profile-completeness.md): weighted items in the order
// the meter suggests them; fields the site does not show (settings.visible_profile_fields) do not count.
import type { OwnProfile } from '@app/contracts';

/** The editor's steps, in order (photos first: they count most). */
export const PROFILE_SECTIONS = [
  'photos',
  'about',
  'prompts',
  'details',
  'interests',
  'preferences',
  'verification',
] as const;
export type ProfileSectionId = (typeof PROFILE_SECTIONS)[number];

/** An about-me text this long counts as written (a few sentences, not a word). */
export const ABOUT_ME_MIN_LENGTH = 50;
/** This many interests count as a picture of what the member enjoys. */
export const INTERESTS_MIN = 3;

type CompletenessItemDefinition = {
  key: string;
  section: ProfileSectionId;
  weight: number;
  /** The visible_profile_fields key that hides this item, if any (photos always count). */
  visibleKey?: string;
  isDone: (profile: OwnProfile) => boolean;
};

const isSet = (value: string | null) => value !== null && value.trim() !== '';

/** In the order the meter suggests them: the first missing one is the next step. Weights add up to 100. */
export const COMPLETENESS_ITEMS: readonly CompletenessItemDefinition[] = [
  { key: 'photo', section: 'photos', weight: 20, isDone: (profile) => profile.main_image !== null },
  { key: 'gender', section: 'about', weight: 5, visibleKey: 'gender', isDone: (profile) => profile.gender !== null },
  {
    key: 'dateOfBirth',
    section: 'about',
    weight: 5,
    visibleKey: 'age',
    isDone: (profile) => isSet(profile.date_of_birth),
  },
  {
    key: 'sexuality',
    section: 'preferences',
    weight: 5,
    visibleKey: 'sexuality',
    isDone: (profile) => profile.sexuality !== null,
  },
  {
    key: 'aboutMe',
    section: 'about',
    weight: 15,
    visibleKey: 'about_me',
    isDone: (profile) => (profile.about_me ?? '').trim().length >= ABOUT_ME_MIN_LENGTH,
  },
  // Prompts are new and no site setting hides them.
  { key: 'prompt', section: 'prompts', weight: 10, isDone: (profile) => profile.prompts.length > 0 },
  {
    key: 'interests',
    section: 'interests',
    weight: 10,
    visibleKey: 'interests',
    isDone: (profile) => profile.interests.length >= INTERESTS_MIN,
  },
  {
    key: 'signupReason',
    section: 'preferences',
    weight: 5,
    visibleKey: 'signup_reason',
    isDone: (profile) => profile.signup_reason !== null,
  },
  { key: 'city', section: 'details', weight: 5, visibleKey: 'city', isDone: (profile) => isSet(profile.city) },
  {
    key: 'relationshipStatus',
    section: 'details',
    weight: 5,
    visibleKey: 'relationship_status',
    isDone: (profile) => profile.relationship_status !== null,
  },
  { key: 'secondPhoto', section: 'photos', weight: 5, isDone: (profile) => profile.photos.length >= 2 },
  {
    key: 'bodyType',
    section: 'details',
    weight: 3,
    visibleKey: 'body_type',
    isDone: (profile) => profile.body_type !== null,
  },
  {
    key: 'hairColor',
    section: 'details',
    weight: 3,
    visibleKey: 'hair_color',
    isDone: (profile) => profile.hair_color !== null,
  },
  {
    key: 'eyeColor',
    section: 'details',
    weight: 2,
    visibleKey: 'eye_color',
    isDone: (profile) => profile.eye_color !== null,
  },
  {
    key: 'tattoos',
    section: 'details',
    weight: 2,
    visibleKey: 'tattoos',
    isDone: (profile) => profile.tattoos !== null,
  },
];

export type CompletenessItem = {
  key: string;
  section: ProfileSectionId;
  isDone: boolean;
  /** Points of 100 it adds. */ gain: number;
};
export type Completeness = { percent: number; items: CompletenessItem[]; next: CompletenessItem | null };

/** The saved profile's completeness; `visibleFields` is the site's visible_profile_fields. */
export function getProfileCompleteness(profile: OwnProfile, visibleFields: readonly string[]): Completeness {
  const visible = new Set(visibleFields);
  const counted = COMPLETENESS_ITEMS.filter((item) => !item.visibleKey || visible.has(item.visibleKey));
  const total = counted.reduce((sum, item) => sum + item.weight, 0);
  const items = counted.map((item) => ({
    key: item.key,
    section: item.section,
    isDone: item.isDone(profile),
    gain: Math.round((item.weight / total) * 100),
  }));
  const done = counted.reduce((sum, item, index) => sum + (items[index]!.isDone ? item.weight : 0), 0);
  // Rounded down, so 100 % means every counted item is there.
  const percent = total === 0 ? 100 : Math.floor((done / total) * 100);
  return { percent, items, next: items.find((item) => !item.isDone) ?? null };
}
