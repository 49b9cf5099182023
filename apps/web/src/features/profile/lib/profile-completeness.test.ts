// The completeness rule of docs/profile-completeness.md: weights add up to 100, the first missing item is the next
// step, fields the site hides do not count, and 100 % means nothing counted is missing.
import { describe, expect, it } from 'vitest';
import { PROFILE_FIELDS, type Photo } from '@app/contracts';
import { buildOwnProfile } from './profile-fixtures.ts';
import { ABOUT_ME_MIN_LENGTH, COMPLETENESS_ITEMS, getProfileCompleteness } from './profile-completeness.ts';

const ALL_FIELDS = [...PROFILE_FIELDS];
const photo = (id: number): Photo => ({
  id,
  filename: `/p/${id}.jpg`,
  thumb_filename: `/p/${id}-t.jpg`,
  width: 800,
  height: 800,
  is_private: false,
  is_main: id === 1,
  status: 'active',
});
const complete = buildOwnProfile({
  main_image: { filename: '/p/1.jpg', thumb_filename: '/p/1-t.jpg', status: 'active' as const },
  photos: [photo(1), photo(2)],
  about_me: 'x'.repeat(ABOUT_ME_MIN_LENGTH),
  interests: ['hiking', 'wine', 'coffee'],
  prompts: [{ prompt: 'first_date', answer: 'Coffee and a walk' }],
  signup_reason: 'dating',
  city: 'Haarlem',
  relationship_status: 'single',
  body_type: 'slim',
  hair_color: 'red',
  eye_color: 'green',
  tattoos: 'none',
});

describe('getProfileCompleteness', () => {
  it('weighs the items to 100 and suggests a photo first', () => {
    expect(COMPLETENESS_ITEMS.reduce((sum, item) => sum + item.weight, 0)).toBe(100);
    const result = getProfileCompleteness(buildOwnProfile(), ALL_FIELDS);
    // Gender, date of birth and sexuality are set at signup: 15 of 100.
    expect(result.percent).toBe(15);
    expect(result.next).toMatchObject({ key: 'photo', section: 'photos', gain: 20 });
  });

  it('moves the next step on as items are filled in, in the order of the list', () => {
    const withPhoto = buildOwnProfile({ main_image: complete.main_image, photos: [photo(1)] });
    expect(getProfileCompleteness(withPhoto, ALL_FIELDS)).toMatchObject({
      percent: 35,
      next: { key: 'aboutMe', section: 'about' },
    });
    const shortText = buildOwnProfile({ ...withPhoto, about_me: 'x'.repeat(ABOUT_ME_MIN_LENGTH - 1) });
    expect(getProfileCompleteness(shortText, ALL_FIELDS).next?.key).toBe('aboutMe');
    const written = buildOwnProfile({
      ...withPhoto,
      about_me: 'x'.repeat(ABOUT_ME_MIN_LENGTH),
      interests: ['wine', 'beer'],
    });
    expect(getProfileCompleteness(written, ALL_FIELDS)).toMatchObject({
      percent: 50,
      next: { key: 'prompt', section: 'prompts' },
    });
    const answered = buildOwnProfile({ ...written, prompts: [{ prompt: 'green_flag', answer: 'Kindness' }] });
    expect(getProfileCompleteness(answered, ALL_FIELDS)).toMatchObject({
      percent: 60,
      next: { key: 'interests', section: 'interests' },
    });
  });

  it('is 100 with nothing next when every counted item is there', () => {
    const result = getProfileCompleteness(complete, ALL_FIELDS);
    expect(result).toMatchObject({ percent: 100, next: null });
    expect(result.items.every((item) => item.isDone)).toBe(true);
    // One missing detail is no longer 100 (rounded down).
    expect(getProfileCompleteness({ ...complete, tattoos: null }, ALL_FIELDS).percent).toBe(98);
  });

  it('leaves out what the site does not show and weighs the rest to 100', () => {
    const visible = ALL_FIELDS.filter((field) => field !== 'about_me' && field !== 'signup_reason');
    const result = getProfileCompleteness({ ...complete, about_me: null, signup_reason: null }, visible);
    expect(result.items.map((item) => item.key)).not.toContain('aboutMe');
    expect(result).toMatchObject({ percent: 100, next: null });
    const withoutPhoto = getProfileCompleteness({ ...complete, main_image: null }, visible);
    // The photo's 20 of the 80 points left.
    expect(withoutPhoto.percent).toBe(75);
    expect(withoutPhoto.next).toMatchObject({ key: 'photo', gain: 25 });
  });
});
