// Every route the app registered, read back from Fastify's route tree: the tests that walk all routes (staff
// authorization, bad input) start from what the server really serves, not from a list kept by hand.
import type { FastifyInstance } from 'fastify';

export type RegisteredRoute = { method: string; path: string };

/** Every "METHOD path" (HEAD and OPTIONS left out: Fastify adds them), with `:param` placeholders. */
export function registeredRoutes(app: FastifyInstance): RegisteredRoute[] {
  const found: RegisteredRoute[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    while (stack.length && stack.at(-1)!.depth >= depth) stack.pop();
    const path = `${stack.at(-1)?.path ?? ''}${match[2]}`;
    stack.push({ depth, path });
    if (!match[3]) continue;
    for (const method of match[3].split(', '))
      if (method !== 'HEAD' && method !== 'OPTIONS') found.push({ method, path });
  }
  return found;
}
