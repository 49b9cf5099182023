// The loading bar follows TanStack Query fetches and router navigations, with the SPEC's throttle and hide delay.
import { beforeAll, describe, expect, it } from 'vitest';
import { act, screen, waitFor } from '@testing-library/react';
import { useQuery } from '@tanstack/react-query';
import { renderWithProviders, setupI18n } from '../test-support/render.tsx';
import { LoadingBar } from './loading-bar.tsx';

beforeAll(() => setupI18n());

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function SlowQuery({ ms }: { ms: number }) {
  useQuery({ queryKey: ['slow', ms], queryFn: () => wait(ms).then(() => 'done') });
  return null;
}

describe('LoadingBar', () => {
  it('stays hidden for a fetch shorter than 200 ms', async () => {
    renderWithProviders(
      <>
        <LoadingBar />
        <SlowQuery ms={80} />
      </>,
    );
    await act(() => wait(400));
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('shows during a slow fetch, reaches 100 % when done and hides 500 ms later', async () => {
    renderWithProviders(
      <>
        <LoadingBar />
        <SlowQuery ms={600} />
      </>,
    );
    const bar = await screen.findByRole('progressbar', { name: 'Loading page' }, { timeout: 1_000 });
    await waitFor(() => expect(bar.getAttribute('aria-valuenow')).toBe('100'), { timeout: 1_000 });
    await act(() => wait(150));
    expect(screen.getByRole('progressbar')).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull(), { timeout: 1_000 });
  });

  it('follows router navigations to slow routes', async () => {
    const { router } = renderWithProviders(<LoadingBar />, {
      routes: [{ path: '/slow', loader: () => wait(400).then(() => null), element: <LoadingBar /> }],
    });
    void router.navigate('/slow');
    expect(await screen.findByRole('progressbar', {}, { timeout: 1_000 })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/slow'), { timeout: 1_000 });
  });
});
