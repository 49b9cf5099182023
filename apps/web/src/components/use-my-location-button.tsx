// "Use my location": fills country, region and place from the browser's position (geocode.php), for the signup
// details step and the profile editor. Hidden where the browser has no geolocation; says why when it cannot help.
import { useEffect, useState } from 'react';
import { Button, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { MapPin } from 'lucide-react';
import type { Geocode } from '@app/contracts';
import { ApiError } from '../lib/api-client.ts';
import { GeolocationError, locate, readGeolocationPermission, type GeolocationPermission } from '../lib/geolocation.ts';
import { makeIcon } from './icons.tsx';

const PinIcon = makeIcon(MapPin);

type Status =
  { kind: 'idle' } | { kind: 'locating' } | { kind: 'done'; geocode: Geocode } | { kind: 'error'; message: string };

export function UseMyLocationButton({ onLocated }: { onLocated: (geocode: Geocode) => void }) {
  const { t } = useTranslation();
  const [permission, setPermission] = useState<GeolocationPermission | null>(null);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  useEffect(() => {
    let isCurrent = true;
    void readGeolocationPermission().then((state) => isCurrent && setPermission(state));
    return () => {
      isCurrent = false;
    };
  }, []);

  if (permission === null || permission === 'unsupported') return null;

  async function handleClick() {
    setStatus({ kind: 'locating' });
    try {
      const geocode = await locate();
      if (!geocode.in_site) {
        setStatus({ kind: 'error', message: t('geolocation.outsideSite') });
        return;
      }
      onLocated(geocode);
      setStatus({ kind: 'done', geocode });
    } catch (error) {
      if (error instanceof GeolocationError && error.reason === 'denied') setPermission('denied');
      const message =
        error instanceof GeolocationError
          ? t(error.reason === 'denied' ? 'geolocation.denied' : 'geolocation.unavailable')
          : error instanceof ApiError
            ? t([`errors:${error.code}`, 'errors:error_generic'])
            : t('errors:error_generic');
      setStatus({ kind: 'error', message });
    }
  }

  return (
    <div className="mb-3">
      <Button
        type="button"
        variant="outline-secondary"
        size="sm"
        onClick={() => void handleClick()}
        disabled={status.kind === 'locating' || permission === 'denied'}
      >
        {status.kind === 'locating' ? (
          <Spinner animation="border" size="sm" aria-hidden="true" className="me-1" />
        ) : (
          <PinIcon className="me-1" />
        )}
        {status.kind === 'locating' ? t('geolocation.locating') : t('geolocation.useMyLocation')}
      </Button>
      <div role="status" aria-live="polite" className="form-text">
        {status.kind === 'done' && t('geolocation.filled', { city: status.geocode.city })}
        {status.kind === 'error' && <span className="text-danger">{status.message}</span>}
        {status.kind !== 'error' && permission === 'denied' && t('geolocation.denied')}
      </div>
    </div>
  );
}
