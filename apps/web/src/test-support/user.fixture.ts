// A logged-in member for web tests (the `{ user }` of GET /api/user.php); override what a test is about.
import type { User } from '@app/contracts';

export function buildUser(overrides: Partial<User> = {}): User {
  return {
    id: 7,
    email: 'anna@example.com',
    status: 'active',
    credits: 20,
    paid_user: false,
    signup_date: '2025-01-01T12:00:00.000Z',
    language: 'en',
    fictional_icon: 'venetian-mask',
    notifications_disabled: [],
    signup_step: 5,
    push_subscribed: false,
    profile: { id: 70, name: 'Anna', country: 'NL', main_image: null, status: 'active' },
    ...overrides,
  };
}
