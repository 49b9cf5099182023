// SPEC sections 2 and 9: the credits badge of paid users shows at 10 or fewer credits; warning above 0, danger at 0.
import { describe, expect, it } from 'vitest';
import { getCreditBadge } from './nav-badges.ts';

describe('getCreditBadge', () => {
  it('shows no badge to unpaid users (they see Get Premium)', () => {
    expect(getCreditBadge({ paid_user: false, credits: 0 })).toBeNull();
    expect(getCreditBadge({ paid_user: false, credits: 5 })).toBeNull();
  });

  it('shows no badge above 10 credits', () => {
    expect(getCreditBadge({ paid_user: true, credits: 11 })).toBeNull();
    expect(getCreditBadge({ paid_user: true, credits: 500 })).toBeNull();
  });

  it('shows the balance in warning style from 10 down to 1', () => {
    expect(getCreditBadge({ paid_user: true, credits: 10 })).toEqual({ text: '10', variant: 'warning' });
    expect(getCreditBadge({ paid_user: true, credits: 1 })).toEqual({ text: '1', variant: 'warning' });
  });

  it('shows 0 in danger style', () => {
    expect(getCreditBadge({ paid_user: true, credits: 0 })).toEqual({ text: '0', variant: 'danger' });
  });
});
