// Where the SQL migrations live: read by the migrator, and hashed into the name of the embedded database's template.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const migrationsFolder = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');
