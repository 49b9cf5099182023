// GET /api/geocode.php (SPEC section 7): reverse geocoding of the browser's position, answered offline.
import { z } from 'zod';

/** A decimal degree as the browser writes it (`52.3702`, `-4.9`); no exponents, no NaN, at most 8 decimals. */
const degreesSchema = (limit: number) =>
  z
    .string()
    .regex(/^-?\d{1,3}(\.\d{1,8})?$/, 'invalid_value')
    .transform(Number)
    .pipe(z.number().min(-limit, 'invalid_value').max(limit, 'invalid_value'));

export const geocodeQuerySchema = z.object({ lat: degreesSchema(90), lon: degreesSchema(180) });
export type GeocodeQuery = z.input<typeof geocodeQuerySchema>;

export const geocodeSchema = z.object({
  /** ISO 3166-1 alpha-2. */
  country: z.string().length(2),
  /** A region code of regions.php for that country, or null when the place has none there. */
  region: z.string().nullable(),
  /** The nearest named place. */
  city: z.string(),
  /** Whether the country is one of the site's countries (signup and profile can only take those). */
  in_site: z.boolean(),
  /** Distance from the position to that place, rounded to 0.1 km. */
  distance_km: z.number(),
});
export type Geocode = z.infer<typeof geocodeSchema>;
export const geocodeResponseSchema = z.object({ geocode: geocodeSchema });
export type GeocodeResponse = z.infer<typeof geocodeResponseSchema>;

/** How far the nearest known place may be before a position counts as unknown (open sea, wilderness). */
export const GEOCODE_MAX_DISTANCE_KM = 50;
/** SPEC section 9: the browser keeps a position (and its geocode) for at most an hour. */
export const GEOLOCATION_MAX_AGE_MS = 3_600_000;
