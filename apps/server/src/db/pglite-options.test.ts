import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { PGLITE_SETTINGS, clusterTemplateFile, pgliteOptions } from './pglite-options.ts';

describe('embedded database options', () => {
  const root = path.join(os.tmpdir(), `pglite-options-${process.pid}`);
  afterAll(() => fs.rm(root, { recursive: true, force: true }));

  it('starts PostgreSQL with small shared buffers, after PGlite own start parameters', async () => {
    const { PGlite } = await import('@electric-sql/pglite');
    const options = await pgliteOptions(path.join(root, 'a'), path.join(root, 'missing.tar.gz'));
    expect(options.startParams?.slice(0, PGlite.defaultStartParams.length)).toEqual(PGlite.defaultStartParams);
    expect(options.startParams).toContain('shared_buffers=16MB');
    expect(PGLITE_SETTINGS.every((setting) => options.startParams?.includes(setting))).toBe(true);
  });

  it('fills an empty data folder from the cluster template, and never a folder that holds a database', async () => {
    const template = path.join(root, 'cluster.tar.gz');
    await fs.mkdir(root, { recursive: true });
    await fs.writeFile(template, 'cluster bytes');
    const empty = path.join(root, 'empty');
    await fs.mkdir(empty, { recursive: true });
    const fromTemplate = await pgliteOptions(empty, template);
    expect(fromTemplate.loadDataDir).toBeInstanceOf(Blob);
    expect(await (fromTemplate.loadDataDir as Blob).text()).toBe('cluster bytes');
    expect((await pgliteOptions(path.join(root, 'not-created-yet'), template)).loadDataDir).toBeInstanceOf(Blob);

    const used = path.join(root, 'used');
    await fs.mkdir(used, { recursive: true });
    await fs.writeFile(path.join(used, 'PG_VERSION'), '17');
    expect((await pgliteOptions(used, template)).loadDataDir).toBeUndefined();
  });

  it('runs initdb as usual when the build left no template', async () => {
    expect((await pgliteOptions(path.join(root, 'fresh'), path.join(root, 'missing.tar.gz'))).loadDataDir).toBeUndefined();
  });

  it('names the template after the installed PGlite version', async () => {
    expect(path.basename(await clusterTemplateFile())).toMatch(/^cluster-\d+\.\d+\.\d+.*\.tar\.gz$/);
  });
});
