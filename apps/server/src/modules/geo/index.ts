// Geo: offline reverse geocoding for geocode.php.
export { createGeocoder, type Geocoder, type Place, type CityRow } from './geocoder.ts';
export { createGeoService, type GeoService } from './geo.service.ts';
