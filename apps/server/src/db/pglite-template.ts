// Build step: leaves an initialised embedded-database cluster for `npm start` on an empty data folder.
import { writeClusterTemplate } from './pglite-options.ts';

const file = await writeClusterTemplate();
console.log(`embedded database template: ${file}`);
