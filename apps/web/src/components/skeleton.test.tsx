// The skeleton kit: one status region a screen reader announces as loading, its shapes hidden from it.
import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { setupI18n } from '../test-support/render.tsx';
import { PageSkeleton, Skeleton, SkeletonCardGrid, SkeletonLine, SkeletonList } from './skeleton.tsx';

beforeAll(() => setupI18n());

describe('skeletons', () => {
  it('announce "Loading…" once and hide their shapes', () => {
    const { container } = render(
      <Skeleton>
        <SkeletonLine width={40} />
      </Skeleton>,
    );
    const status = screen.getByRole('status');
    expect(status.getAttribute('aria-busy')).toBe('true');
    expect(status.textContent).toBe('Loading…');
    expect(container.querySelector('.skeleton-shapes')?.getAttribute('aria-hidden')).toBe('true');
    expect(container.querySelector<HTMLElement>('.placeholder')?.style.width).toBe('40%');
  });

  it('take a label saying what loads', () => {
    render(<SkeletonCardGrid count={4} label="Loading members" />);
    expect(screen.getByRole('status').textContent).toBe('Loading members');
  });

  it('draw as many cards and rows as asked', () => {
    const grid = render(<SkeletonCardGrid count={6} />);
    expect(grid.container.querySelectorAll('.card')).toHaveLength(6);
    grid.unmount();
    const list = render(<SkeletonList rows={3} />);
    expect(list.container.querySelectorAll('.rounded-circle')).toHaveLength(3);
  });

  it('give a page fallback a test id', () => {
    render(<PageSkeleton />);
    expect(screen.getByTestId('page-skeleton').getAttribute('role')).toBe('status');
  });
});
