// An own profile for the editor's tests (GET /api/profile.php's `profile`); override what a test is about.
import type { OwnProfile } from '@app/contracts';

export function buildOwnProfile(overrides: Partial<OwnProfile> = {}): OwnProfile {
  return {
    id: 70,
    name: 'Anna',
    status: 'active',
    date_of_birth: '1990-04-12',
    age: 35,
    gender: 'female',
    sexuality: 'hetero',
    show_me: null,
    country: 'NL',
    region: null,
    city: null,
    relationship_status: null,
    body_type: null,
    hair_color: null,
    eye_color: null,
    tattoos: null,
    signup_reason: null,
    interests: [],
    about_me: null,
    prompts: [],
    is_verified: false,
    is_fictional: false,
    is_invisible: false,
    main_image: null,
    photos: [],
    photo_limit: 3,
    ...overrides,
  };
}
