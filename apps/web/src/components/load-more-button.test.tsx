// "Show more" from the keyboard: focus stays on the button while the page loads, then moves to the first new item,
// also when the last page takes the button away; a pointer user's focus is left alone.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { LoadMoreButton } from './load-more-button.tsx';

function Page({
  count,
  isLoading,
  hasMore,
  onLoad,
}: {
  count: number;
  isLoading: boolean;
  hasMore: boolean;
  onLoad: () => void;
}) {
  return (
    <>
      <ul id="results">
        {Array.from({ length: count }, (_, index) => (
          <li key={index}>
            <a href={`/members/${index}`}>Member {index}</a>
          </li>
        ))}
      </ul>
      {hasMore && (
        <LoadMoreButton isLoading={isLoading} onLoad={onLoad} list={{ id: 'results', itemCount: count }}>
          Show more
        </LoadMoreButton>
      )}
    </>
  );
}

describe('LoadMoreButton', () => {
  afterEach(cleanup);

  it('keeps focus while loading, ignores presses then, and hands focus to the first new item', async () => {
    const onLoad = vi.fn();
    const { rerender } = render(<Page count={2} isLoading={false} hasMore onLoad={onLoad} />);
    const button = screen.getByRole('button', { name: 'Show more' });
    expect(button.getAttribute('aria-controls')).toBe('results');
    button.focus();
    fireEvent.click(button);
    expect(onLoad).toHaveBeenCalledTimes(1);

    rerender(<Page count={2} isLoading hasMore onLoad={onLoad} />);
    expect(document.activeElement).toBe(button);
    expect((button as HTMLButtonElement).disabled).toBe(false);
    expect(button.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(button);
    expect(onLoad).toHaveBeenCalledTimes(1);

    rerender(<Page count={4} isLoading={false} hasMore onLoad={onLoad} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Member 2' })));
    expect(button.hasAttribute('aria-disabled')).toBe(false);
  });

  it('hands focus on when the last page takes the button away', async () => {
    const { rerender } = render(<Page count={2} isLoading={false} hasMore onLoad={() => undefined} />);
    screen.getByRole('button', { name: 'Show more' }).focus();
    rerender(<Page count={2} isLoading hasMore onLoad={() => undefined} />);
    rerender(<Page count={3} isLoading={false} hasMore={false} onLoad={() => undefined} />);
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('link', { name: 'Member 2' })));
  });

  it('leaves focus alone when the load began without it (infinite scroll under a pointer)', async () => {
    const { rerender } = render(<Page count={2} isLoading={false} hasMore onLoad={() => undefined} />);
    const first = screen.getByRole('link', { name: 'Member 0' });
    first.focus();
    rerender(<Page count={2} isLoading hasMore onLoad={() => undefined} />);
    rerender(<Page count={4} isLoading={false} hasMore onLoad={() => undefined} />);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(document.activeElement).toBe(first);
  });
});
