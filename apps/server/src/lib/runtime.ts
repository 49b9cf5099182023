// Which Node.js the project runs on: at least the major version package.json's `engines` names. The project brings
// that runtime itself (the `node` dev dependency puts it first on the PATH of every npm script), so an older system
// Node only runs the server when someone starts it by hand, and then it says so instead of failing obscurely.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const rootPackage = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../package.json');

/** The lowest major version `engines.node` allows (it reads `>=N`). */
export function requiredNodeMajor(packageJsonPath = rootPackage): number {
  const { engines } = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as { engines?: { node?: string } };
  const major = /^>=\s*(\d+)/.exec(engines?.node ?? '')?.[1];
  if (!major) throw new Error(`${packageJsonPath}: engines.node must read ">=N", got ${JSON.stringify(engines?.node)}`);
  return Number(major);
}

/** Why this runtime cannot run the server, or null when it can. */
export function runtimeProblem(
  version: string = process.versions.node,
  required: number = requiredNodeMajor(),
): string | null {
  const major = Number(version.split('.')[0]);
  if (major >= required) return null;
  return `Node.js ${version} is too old: this project needs Node.js ${required} or newer. Start it with "npm start" (it brings its own Node.js ${required}), or run node_modules/.bin/node.`;
}
