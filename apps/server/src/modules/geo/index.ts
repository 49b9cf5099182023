// Geo: offline reverse geocoding for geocode.php.
export { CITIES_FILE, createGeocoder, parseCityTable, type Geocoder, type Place, type CityRow } from './geocoder.ts';
export { createGeoService, type GeoService } from './geo.service.ts';
