// The new-likes (and later unread) badge: nothing at 0, the number up to 99, then 99+.
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { setupI18n } from '../test-support/render.tsx';
import { CountBadge, formatBadgeCount } from './count-badge.tsx';

beforeAll(() => setupI18n());

describe('formatBadgeCount', () => {
  it('shows nothing for 0, negative or broken counts', () => {
    expect(formatBadgeCount(0)).toBeNull();
    expect(formatBadgeCount(-3)).toBeNull();
    expect(formatBadgeCount(Number.NaN)).toBeNull();
  });

  it('shows the number up to 99 and caps above it at 99+', () => {
    expect(formatBadgeCount(1)).toBe('1');
    expect(formatBadgeCount(99)).toBe('99');
    expect(formatBadgeCount(100)).toBe('99+');
    expect(formatBadgeCount(12345)).toBe('99+');
  });
});

describe('CountBadge', () => {
  it('renders the capped text and a label for screen readers', () => {
    render(<CountBadge count={150} label="150 new likes" />);
    const badge = screen.getByTestId('count-badge');
    expect(badge.textContent).toBe('99+150 new likes');
    expect(screen.getByText('150 new likes').className).toContain('visually-hidden');
  });

  it('renders nothing at 0', () => {
    render(<CountBadge count={0} label="none" />);
    expect(screen.queryByTestId('count-badge')).toBeNull();
  });
});
