// Public entry of content: region data of the countries.
export { regionsOf } from './regions.ts';
