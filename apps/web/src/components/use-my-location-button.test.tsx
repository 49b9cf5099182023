// "Use my location": the permission states, the position kept for an hour, geocode.php, and what the member is told.
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import type { Geocode } from '@app/contracts';
import { renderWithProviders, setupI18n } from '../test-support/render.tsx';
import { jsonError, mockFetch } from '../test-support/fetch-mock.ts';
import { readCachedGeocode, readGeolocationPermission } from '../lib/geolocation.ts';
import { UseMyLocationButton } from './use-my-location-button.tsx';

beforeAll(() => setupI18n());
beforeEach(() => localStorage.clear());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const AMSTERDAM: Geocode = { country: 'NL', region: 'NH', city: 'Amsterdam', in_site: true, distance_km: 0.4 };

function stubGeolocation(options: { permission?: PermissionState | 'none'; deny?: boolean } = {}) {
  const getCurrentPosition = vi.fn((success: PositionCallback, failure?: PositionErrorCallback | null) => {
    if (options.deny)
      failure?.({
        code: 1,
        PERMISSION_DENIED: 1,
        POSITION_UNAVAILABLE: 2,
        TIMEOUT: 3,
        message: 'denied',
      } as GeolocationPositionError);
    else success({ coords: { latitude: 52.37021, longitude: 4.89517 }, timestamp: Date.now() } as GeolocationPosition);
  });
  vi.stubGlobal('navigator', {
    ...navigator,
    geolocation: { getCurrentPosition },
    permissions:
      options.permission === 'none'
        ? undefined
        : { query: vi.fn(async () => ({ state: options.permission ?? 'prompt' })) },
  });
  return getCurrentPosition;
}

describe('UseMyLocationButton', () => {
  it('is not shown where the browser has no geolocation', async () => {
    vi.stubGlobal('navigator', { ...navigator, geolocation: undefined });
    Reflect.deleteProperty(navigator, 'geolocation');
    renderWithProviders(<UseMyLocationButton onLocated={() => undefined} />);
    // The button asks for the permission state on mount; once the same question is answered here (after the
    // button's), the button has its answer and has decided.
    await act(async () => expect(await readGeolocationPermission()).toBe('unsupported'));
    expect(screen.queryByRole('button', { name: 'Use my location' })).toBeNull();
  });

  it('fills in country, region and place from a rounded position, says so, and keeps the answer for an hour', async () => {
    const getCurrentPosition = stubGeolocation();
    const { calls } = mockFetch(({ url }) =>
      url.pathname === '/api/geocode.php' ? { body: { geocode: AMSTERDAM } } : undefined,
    );
    const onLocated = vi.fn();
    renderWithProviders(<UseMyLocationButton onLocated={onLocated} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(/Filled in from your location: Amsterdam/)).toBeTruthy();
    expect(onLocated).toHaveBeenCalledWith(AMSTERDAM);
    expect(calls.map((call) => call.path)).toEqual(['/api/geocode.php?lat=52.37&lon=4.9']);
    expect(readCachedGeocode()).toEqual(AMSTERDAM);

    // A second click within the hour asks neither the browser nor the server again.
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    await screen.findByText(/Filled in from your location/);
    expect(getCurrentPosition).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(1);
    // After an hour the answer is gone.
    expect(readCachedGeocode(Date.now() + 3_600_001)).toBeNull();
    expect(readCachedGeocode()).toBeNull();
  });

  it('works without the Permissions API (state unknown)', async () => {
    stubGeolocation({ permission: 'none' });
    mockFetch(({ url }) => (url.pathname === '/api/geocode.php' ? { body: { geocode: AMSTERDAM } } : undefined));
    renderWithProviders(<UseMyLocationButton onLocated={() => undefined} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(/Amsterdam/)).toBeTruthy();
  });

  it('says how to allow it when the member refuses, and disables the button', async () => {
    stubGeolocation({ deny: true });
    const onLocated = vi.fn();
    renderWithProviders(<UseMyLocationButton onLocated={onLocated} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect((await screen.findAllByText(/does not allow this site to see your location/)).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Use my location' }).hasAttribute('disabled')).toBe(true);
    expect(onLocated).not.toHaveBeenCalled();
  });

  it('is disabled with the explanation when the permission was denied before', async () => {
    stubGeolocation({ permission: 'denied' });
    renderWithProviders(<UseMyLocationButton onLocated={() => undefined} />);
    expect((await screen.findByRole('button', { name: 'Use my location' })).hasAttribute('disabled')).toBe(true);
    expect(screen.getByRole('status').textContent).toMatch(/does not allow/);
  });

  it('fills nothing in outside the site’s countries, and translates an unknown place', async () => {
    stubGeolocation();
    let answer: 'abroad' | 'unknown' = 'abroad';
    mockFetch(({ url }) =>
      url.pathname === '/api/geocode.php'
        ? answer === 'abroad'
          ? { body: { geocode: { ...AMSTERDAM, country: 'JP', region: null, in_site: false } } }
          : jsonError(404, 'location_unknown')
        : undefined,
    );
    const onLocated = vi.fn();
    renderWithProviders(<UseMyLocationButton onLocated={onLocated} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText(/outside the countries this site serves/)).toBeTruthy();
    expect(onLocated).not.toHaveBeenCalled();

    localStorage.clear();
    answer = 'unknown';
    fireEvent.click(screen.getByRole('button', { name: 'Use my location' }));
    expect(await screen.findByText('We could not find a town near your position.')).toBeTruthy();
  });
});
