import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage.ts';
import type { FileStorage } from './file-storage.ts';
import { createS3Storage } from './s3-storage.ts';
import { startS3StandIn, type S3StandIn } from '../../test-support/s3-stand-in.ts';

let standIn: S3StandIn;
const root = path.join(os.tmpdir(), `storage-test-${process.pid}`);
beforeAll(async () => {
  standIn = await startS3StandIn();
});
afterAll(async () => {
  await standIn.close();
  await fs.rm(root, { recursive: true, force: true });
});

const backends: [string, () => FileStorage][] = [
  ['a folder (DATA_DIR)', () => createDiskStorage(root)],
  [
    'S3-compatible object storage (path style, local stand-in)',
    () =>
      createS3Storage({
        bucket: 'photos-bucket',
        region: 'us-east-1',
        endpoint: standIn.endpoint,
        accessKeyId: 'key',
        secretAccessKey: 'secret',
        forcePathStyle: true,
      }),
  ],
];

describe.each(backends)('file storage in %s', (_name, create) => {
  it('writes, reads, copies and removes files; a missing file reads as null and removes quietly', async () => {
    const storage = create();
    await storage.write('photos/ab/one.jpg', Buffer.from('first'));
    const file = await storage.read('photos/ab/one.jpg');
    expect(file).not.toBeNull();
    expect(await text(file!.body)).toBe('first');
    expect(file!.size).toBe(5);
    expect(await storage.exists('photos/ab/one.jpg')).toBe(true);

    await storage.copy('photos/ab/one.jpg', 'private/photos/ab/two.jpg');
    expect(await text((await storage.read('private/photos/ab/two.jpg'))!.body)).toBe('first');
    expect(await storage.exists('photos/ab/one.jpg')).toBe(true);

    await storage.remove('photos/ab/one.jpg');
    expect(await storage.read('photos/ab/one.jpg')).toBeNull();
    expect(await storage.exists('photos/ab/one.jpg')).toBe(false);
    await expect(storage.remove('photos/ab/one.jpg')).resolves.toBeUndefined();
  });

  it('refuses keys that could leave the folder or bucket prefix', async () => {
    const storage = create();
    await expect(storage.write('../escape.jpg', Buffer.from('x'))).rejects.toThrow(/unsafe storage key/);
    await expect(storage.read('photos/../../etc/passwd.txt')).rejects.toThrow(/unsafe storage key/);
  });
});

it('the S3 backend sends path-style requests to the configured endpoint with the bucket in the path', async () => {
  const storage = backends[1]![1]();
  await storage.write('photos/cd/three.jpg', Buffer.from('third'));
  expect(standIn.requests).toContain('PUT /photos-bucket/photos/cd/three.jpg');
  expect(standIn.objects.get('photos-bucket/photos/cd/three.jpg')?.contentType).toBe('image/jpeg');
});
