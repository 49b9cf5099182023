// GET /api/photos.php: the member's own photos (main first, private ones included) and the main image.
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const photosKeys = { all: ['photos'] as const };

export const getPhotos = () => apiRequest('photos.php', { response: 'photosResponseSchema' });

export const photosQueryOptions = () => queryOptions({ queryKey: photosKeys.all, queryFn: getPhotos });

export const usePhotos = () => useQuery(photosQueryOptions());
