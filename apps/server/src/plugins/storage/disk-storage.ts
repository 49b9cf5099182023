// Uploaded files in a folder (DATA_DIR/uploads): the default when no object storage is configured.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type FileStorage } from './file-storage.ts';

export function createDiskStorage(rootDir: string): FileStorage {
  const pathOf = (key: string) => {
    assertSafeKey(key);
    return path.join(rootDir, key);
  };
  return {
    async write(key, data) {
      const target = pathOf(key);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.tmp`;
      await fs.writeFile(temporary, data);
      await fs.rename(temporary, target);
    },
    async read(key) {
      const file = pathOf(key);
      const stat = await fs.stat(file).catch(() => undefined);
      if (!stat?.isFile()) return null;
      return { body: createReadStream(file), size: stat.size };
    },
    async exists(key) {
      return Boolean((await fs.stat(pathOf(key)).catch(() => undefined))?.isFile());
    },
    async copy(from, to) {
      const target = pathOf(to);
      await fs.mkdir(path.dirname(target), { recursive: true });
      const temporary = `${target}.${randomUUID()}.tmp`;
      await fs.copyFile(pathOf(from), temporary);
      await fs.rename(temporary, target);
    },
    async remove(key) {
      await fs.rm(pathOf(key), { force: true });
    },
  };
}
