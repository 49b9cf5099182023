// Every route of the server, read back from Fastify's route tree, gets generated bad input in every place a request
// carries it (path parameters, query, JSON and multipart bodies, raw bodies, headers, cookies) as a visitor, a member
// and a staff admin: no answer is a 5xx, and every error is the API's own shape (docs/input.md). Seeded and bounded,
// so a failure replays the same way (dates aside, which follow the clock).
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiErrorSchema } from '@app/contracts';
import { buildTestApp, type TestApp } from '../test-support/test-app.ts';
import { createClient, type Client } from '../test-support/accounts.ts';
import { createMember, makeJpeg, makePremium, uploadPhoto } from '../test-support/members.ts';
import { signedInStaff } from '../test-support/staff.ts';
import { registeredRoutes } from '../test-support/route-tree.ts';

/**
 * Requests per route and identity, and the seed: fixed, so CI replays the same requests. To search harder locally:
 * BAD_INPUT_RUNS=200 BAD_INPUT_SEED=$RANDOM npx vitest run --project server apps/server/src/plugins/bad-input.test.ts
 */
const RUNS_PER_ROUTE = Number(process.env.BAD_INPUT_RUNS) || 10;
const SEED = Number(process.env.BAD_INPUT_SEED) || 25;

/** Pages a browser opens from a mail: their 4xx is an HTML page of their own (an invalid unsubscribe link). */
const HTML_ERROR_PAGES = new Set(['/api/unsubscribe.php']);

type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  nullable?: boolean;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number | boolean;
  exclusiveMaximum?: number | boolean;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  required?: string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
};
type OpenApiOperation = {
  parameters?: { in: string; name: string; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
};
type Route = {
  method: string;
  path: string;
  query: Map<string, JsonSchema>;
  body?: JsonSchema;
  multipart?: JsonSchema;
};

/** Every registered "METHOD path" with the schemas the OpenAPI document has for it (hidden routes have none). */
function routesOf(app: TestApp): Route[] {
  const found = new Map<string, Route>();
  for (const { method, path } of registeredRoutes(app))
    found.set(`${method} ${path}`, { method, path, query: new Map() });
  const document = app.swagger() as { paths?: Record<string, Record<string, OpenApiOperation>> };
  for (const route of found.values()) {
    const operation = document.paths?.[route.path.replace(/:(\w+)/g, '{$1}')]?.[route.method.toLowerCase()];
    for (const parameter of operation?.parameters ?? [])
      if (parameter.in === 'query') route.query.set(parameter.name, parameter.schema ?? {});
    route.body = operation?.requestBody?.content?.['application/json']?.schema;
    route.multipart = operation?.requestBody?.content?.['multipart/form-data']?.schema;
  }
  return [...found.values()];
}

// ---- generated input ---------------------------------------------------------------------------------------

const NASTY_STRINGS = [
  '',
  ' ',
  'a',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udc00',
  '😀',
  'x'.repeat(5000),
  '1',
  '-1',
  'null',
  '<b>',
  '%00',
  "'; --",
  'a@example.com',
];
const NASTY_NUMBERS = [0, -1, 1, 1.5, 2147483647, 2147483648, -2147483649, 2 ** 53, -(2 ** 53), 1e20, 1e308];
const WRONG_TYPES = [null, true, false, [], [1], {}, { id: 1 }, '1', 1];

const nastyScalar = fc.oneof(
  fc.constantFrom(...NASTY_STRINGS),
  fc.constantFrom(...NASTY_NUMBERS),
  fc.constantFrom(...WRONG_TYPES),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

const typeOf = (schema: JsonSchema) =>
  Array.isArray(schema.type) ? schema.type.find((item) => item !== 'null') : schema.type;

/**
 * A value the schema takes (as far as its JSON Schema says): with every other field valid, the one bad field of a
 * request gets past validation into the handler and the database, where the 500s of issue 25 were.
 */
function validFor(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 5) return fc.constantFrom('a', 1, true);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum?.length) return fc.constantFrom(...schema.enum);
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((item) => validFor(item, depth + 1)));
  if (schema.allOf?.length) return validFor(schema.allOf[0], depth + 1);
  switch (typeOf(schema)) {
    case 'integer':
    case 'number': {
      const exclusiveMin =
        typeof schema.exclusiveMinimum === 'number'
          ? schema.exclusiveMinimum
          : schema.exclusiveMinimum
            ? schema.minimum
            : undefined;
      const exclusiveMax =
        typeof schema.exclusiveMaximum === 'number'
          ? schema.exclusiveMaximum
          : schema.exclusiveMaximum
            ? schema.maximum
            : undefined;
      const min = exclusiveMin !== undefined ? exclusiveMin + 1 : (schema.minimum ?? -1000);
      const max = exclusiveMax !== undefined ? exclusiveMax - 1 : (schema.maximum ?? 1000);
      // Small values name rows that exist (ids 1 to 5); the bounds themselves are the edge a database meets.
      return fc.oneof(fc.integer({ min, max: Math.max(min, Math.min(max, min + 5)) }), fc.constantFrom(min, max));
    }
    case 'boolean':
      return fc.boolean();
    case 'array':
      return fc.array(validFor(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3)),
      });
    case 'object':
      return validObjectFor(schema, depth + 1);
    case 'string':
      return validString(schema);
    default:
      return fc.constantFrom('a', 1, true, null);
  }
}

function validString(schema: JsonSchema): fc.Arbitrary<string> {
  const day = 24 * 60 * 60_000;
  if (schema.format === 'date-time')
    return fc.integer({ min: -400, max: 400 }).map((days) => new Date(Date.now() + days * day).toISOString());
  if (schema.format === 'date')
    return fc
      .integer({ min: -40_000, max: 400 })
      .map((days) => new Date(Date.now() + days * day).toISOString().slice(0, 10));
  if (schema.format === 'email') return fc.constantFrom('member@example.com', 'x@example.org');
  if (schema.format === 'uri' || schema.format === 'url')
    return fc.constantFrom('https://example.com/', 'https://push.example.com/send/abc');
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.max(minLength, Math.min(schema.maxLength ?? minLength + 20, minLength + 20));
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((text) => text.length >= minLength && text.length <= (schema.maxLength ?? Infinity));
    } catch {
      // A pattern this engine cannot generate from: plain text, which the route may refuse.
    }
  }
  return fc.string({ minLength, maxLength });
}

/** Every required property valid, optional ones now and then. */
function validObjectFor(schema: JsonSchema, depth = 0): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema.properties ?? {});
  return fc.record(Object.fromEntries(entries.map(([name, property]) => [name, validFor(property, depth)])), {
    requiredKeys: (schema.required ?? []).filter((name) => schema.properties?.[name]),
  });
}

/** A bad value for a field: of its type but out of its range, or nasty, or of another type. */
function badFor(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  const type = schema && typeOf(schema);
  if (type === 'integer' || type === 'number')
    return fc.oneof(fc.constantFrom(...NASTY_NUMBERS), fc.integer(), nastyScalar);
  if (type === 'string')
    return fc.oneof(
      fc.constantFrom(...NASTY_STRINGS),
      fc.string({ unit: 'binary', minLength: 300, maxLength: 600 }),
      nastyScalar,
    );
  return nastyScalar;
}

/**
 * A body for the route: a valid one with one field made bad (missing, out of range, nasty, another type), an extra
 * field now and then, or a wholly generated one.
 */
function objectFor(schema: JsonSchema | undefined): fc.Arbitrary<Record<string, unknown>> {
  const entries = Object.entries(schema?.properties ?? {});
  const valid = schema ? validObjectFor(schema) : fc.constant({});
  const oneBad = entries.length
    ? fc.tuple(valid, fc.constantFrom(...entries)).chain(([body, [name, property]]) =>
        fc.oneof(badFor(property), fc.constant(undefined)).map((value) => {
          const copy: Record<string, unknown> = { ...body };
          if (value === undefined) delete copy[name];
          else copy[name] = value;
          return copy;
        }),
      )
    : valid;
  const extra = fc
    .tuple(valid, fc.constantFrom('extra', '__proto__', 'constructor', 'a\u0000', '\ud800'), nastyScalar)
    .map(([body, key, value]) => ({ ...body, [key]: value }));
  return fc.oneof({ weight: 4, arbitrary: oneBad }, { weight: 1, arbitrary: valid }, { weight: 1, arbitrary: extra });
}

/** Query and path values as they stand in a URL (already percent-encoded: some are not valid UTF-8 on purpose). */
const URL_VALUES = [
  '',
  '0',
  '-1',
  '1',
  '01',
  '1.5',
  '1e3',
  '0x10',
  '2147483647',
  '2147483648',
  '99999999999999999999',
  'abc',
  'true',
  '%00',
  'a%00b',
  '%ED%A0%80',
  '%C0%80',
  '%FF',
  '%',
  '%zz',
  '%20',
  '..',
  '%2F',
  'x'.repeat(3000),
  encodeURIComponent('😀'),
  encodeURIComponent('<b>'),
];
const urlValue = fc.oneof(fc.constantFrom(...URL_VALUES), fc.string({ maxLength: 12 }).map(encodeURIComponent));

/** Bodies that never reach a schema: broken JSON, wrong content types, multipart without a boundary, deep nesting. */
const RAW_BODIES: { type?: string; payload: string | Buffer }[] = [
  { type: 'application/json', payload: '{"a":' },
  { type: 'application/json', payload: '' },
  { type: 'application/json', payload: 'null' },
  { type: 'application/json', payload: '[]' },
  { type: 'application/json', payload: '"text"' },
  { type: 'application/json', payload: '12345678901234567890' },
  { type: 'application/json', payload: '{"__proto__":{"x":1}}' },
  { type: 'application/json', payload: '{"constructor":{"prototype":{"x":1}}}' },
  { type: 'application/json', payload: '{"id":"\\u0000","text":"\\ud800"}' },
  { type: 'application/json', payload: `${'['.repeat(5000)}${']'.repeat(5000)}` },
  { type: 'application/json; charset=latin1', payload: '{}' },
  { type: 'application/json', payload: Buffer.from([0x7b, 0x22, 0xff, 0xfe, 0x22, 0x3a, 0x31, 0x7d]) },
  {
    type: 'multipart/form-data',
    payload: '--x\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\nabc\r\n--x--\r\n',
  },
  { type: 'multipart/form-data; boundary=x', payload: 'garbage without any boundary' },
  { type: 'multipart/form-data; boundary=x', payload: '--x\r\nContent-Disposition: form-data; name="to"\r\n\r\n1' },
  {
    type: 'multipart/form-data; boundary=x',
    payload: `--x\r\nContent-Disposition: form-data; name="a\u0000"\r\n\r\n\ud800\r\n--x--\r\n`,
  },
  { type: 'application/x-www-form-urlencoded', payload: 'a=%00&b=%ED%A0%80&c' },
  { type: 'text/plain', payload: 'hello' },
  { type: 'application/xml', payload: '<x/>' },
  { payload: '' },
];

/** Header values as a client may send them (hooks read these before any schema: session, site, language, caching). */
const HEADER_VALUES = [
  '',
  'x',
  '%00',
  '%ED%A0%80',
  'x'.repeat(3000),
  '2147483648',
  '"',
  '\\',
  'ä',
  '*',
  '../',
  'a=b; c',
  'W/"1"',
];
const headerValue = fc.oneof(
  fc.constantFrom(...HEADER_VALUES),
  fc.string({ maxLength: 20 }).map((text) => text.replace(/[^\x20-\x7e]/g, '')),
);
const headersArb = fc.record(
  {
    host: fc.oneof(headerValue, fc.constantFrom('example.com:99999', '[::1]', 'xn--80ak6aa92e.com', '.', 'a..b')),
    'accept-language': headerValue,
    'if-none-match': headerValue,
    'if-modified-since': headerValue,
    'x-forwarded-for': headerValue,
    'user-agent': headerValue,
    origin: headerValue,
  },
  { requiredKeys: [] },
);
/** Cookies: the session cookies only for the visitor (a member or admin keeps its own session), the language for all. */
const cookiesArb = (identity: Identity) => {
  const model: Record<string, fc.Arbitrary<string>> = { lang: headerValue, tz: headerValue };
  if (identity === 'visitor') Object.assign(model, { sid: headerValue, staff_sid: headerValue });
  // Keys left out are absent, never undefined (the inject options' type has no room for one).
  return fc.record(model, { requiredKeys: [] }).map((cookies) => cookies as Record<string, string>);
};

/**
 * A multipart form with the schema's fields: text fields valid or nasty, file fields a few random bytes or a real
 * JPEG, a field missing or repeated now and then.
 */
function multipartFor(schema: JsonSchema, jpeg: Buffer): fc.Arbitrary<{ type: string; payload: Buffer }> {
  const entries = Object.entries(schema.properties ?? {});
  const part = ([name, property]: [string, JsonSchema]) =>
    property.format === 'binary'
      ? fc
          .oneof(
            fc.uint8Array({ maxLength: 64 }).map((bytes) => Buffer.from(bytes)),
            fc.constant(jpeg),
          )
          .map((data) => ({ name, data, isFile: true }))
      : fc
          .oneof(validString({ ...property, type: 'string' }), fc.constantFrom(...NASTY_STRINGS))
          .map((text) => ({ name, data: Buffer.from(text), isFile: false }));
  return fc.tuple(...entries.map((entry) => fc.array(part(entry), { minLength: 0, maxLength: 2 }))).map((parts) => {
    const boundary = 'bad-input-boundary';
    const chunks = parts
      .flat()
      .flatMap(({ name, data, isFile }) => [
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${isFile ? '; filename="a.jpg"\r\nContent-Type: image/jpeg' : ''}\r\n\r\n`,
        ),
        data,
        Buffer.from('\r\n'),
      ]);
    return {
      type: `multipart/form-data; boundary=${boundary}`,
      payload: Buffer.concat([...chunks, Buffer.from(`--${boundary}--\r\n`)]),
    };
  });
}

type Identity = 'visitor' | 'member' | 'admin';
type Sender = { request: Client['request'] };

describe('bad input on every route', () => {
  let app: TestApp;
  let routes: Route[];
  const senders = {} as Record<Identity, Sender>;
  let lastError: Error | undefined;
  let jpeg: Buffer;

  /** A fresh signed-in member or staff admin when a generated request ended the session (a logout with an empty body). */
  async function ensureSignedIn(identity: Identity) {
    if (identity === 'member') {
      if ((await senders.member.request({ url: '/api/notifications.php' })).statusCode !== 200)
        senders.member = (await createMember(app)).client;
    } else if (identity === 'admin') {
      if ((await senders.admin.request({ url: '/api/admin/me' })).statusCode !== 200)
        senders.admin = await signedInStaff(app, 'admin');
    }
  }

  beforeAll(async () => {
    // Rate limits would answer 429 before most handlers ran; each limit has its own test elsewhere.
    app = await buildTestApp(
      { rateLimitFactor: 10_000 },
      // The error behind a 500, for the failure message (the test app logs nothing).
      {
        configure: (instance) =>
          instance.addHook('onError', async (_request, _reply, error) => void (lastError = error)),
      },
    );
    routes = routesOf(app);
    jpeg = await makeJpeg(40, 40);
    senders.visitor = createClient(app);
    const member = await createMember(app);
    const other = await createMember(app);
    // Premium, so the photo message route reads its multipart body instead of refusing the member first.
    await makePremium(app, member);
    senders.member = member.client;
    senders.admin = await signedInStaff(app, 'admin');
    // Rows with the small ids the generator likes (1 to 3): a conversation, a message, a like, a ticket, a photo, so
    // bad values meet handlers that find something, not only 404s.
    const seeded = [
      await member.client.request({
        method: 'POST',
        url: '/api/message.php',
        payload: { to: other.profileId, client_id: 'bad-input-1', text: 'Hello there' },
      }),
      await other.client.request({ method: 'POST', url: '/api/like.php', payload: { id: member.profileId } }),
      await member.client.request({
        method: 'POST',
        url: '/api/contact.php',
        payload: { subject: 'A question', description: 'Please tell me how this works.' },
      }),
      await uploadPhoto(member.client),
    ];
    for (const response of seeded) expect(response.statusCode, response.body).toBeLessThan(300);
  });
  afterAll(() => app.close());

  function expectHandled(route: Route, response: LightMyRequestResponse, what: string) {
    const cause =
      response.statusCode >= 500 && lastError
        ? ` (${String(lastError.stack ?? lastError)} ${String((lastError as { cause?: unknown }).cause ?? '')})`
        : '';
    const context = `${route.method} ${route.path} ${what} -> ${response.statusCode} ${response.body.slice(0, 300)}${cause}`;
    expect(response.statusCode, context).toBeLessThan(500);
    if (response.statusCode < 400) return;
    if (HTML_ERROR_PAGES.has(route.path) && String(response.headers['content-type']).startsWith('text/html')) return;
    expect(String(response.headers['content-type']), context).toBe('application/json; charset=utf-8');
    const parsed = apiErrorSchema.strict().safeParse(JSON.parse(response.body));
    expect(parsed.success, context).toBe(true);
    expect(parsed.data!.error.status, context).toBe(response.statusCode);
    expect(parsed.data!.error.message, context).not.toBe('');
  }

  /** One generated request to the route: bad path parameters, query, JSON body, or a raw body. */
  function requestsFor(route: Route, identity: Identity) {
    const paramNames = [...route.path.matchAll(/:(\w+)|\*/g)].map((match) => match[1] ?? '*');
    const hasBody = !['GET', 'DELETE'].includes(route.method) || !!route.body;
    // Ids of rows that exist half the time, so a bad query or body reaches the handler behind the parameter.
    const paramValue = fc.oneof(fc.constantFrom('1', '2', '3'), urlValue);
    const pathArb = fc.tuple(...paramNames.map(() => paramValue)).map((values) => {
      let index = 0;
      return route.path.replace(/:(\w+)|\*/g, () => values[index++] || 'x');
    });
    // Valid values for the route's query parameters, then a few bad ones (a repeated name becomes an array).
    const queryNames = [...route.query.keys(), 'extra', 'lang'];
    const validQuery = fc.record(
      Object.fromEntries(
        [...route.query].map(([name, schema]) => [
          name,
          validString({ ...schema, type: 'string' }).map(encodeURIComponent),
        ]),
      ),
      { requiredKeys: [] },
    );
    const queryArb = fc
      .tuple(validQuery, fc.array(fc.tuple(fc.constantFrom(...queryNames), urlValue), { maxLength: 3 }))
      .map(([valid, bad]) => {
        const pairs = [...Object.entries(valid).filter(([name]) => !bad.some(([badName]) => badName === name)), ...bad];
        return pairs.length ? `?${pairs.map(([name, value]) => `${name}=${value}`).join('&')}` : '';
      });
    const jsonArb = fc.oneof({ weight: 4, arbitrary: objectFor(route.body) }, { weight: 1, arbitrary: nastyScalar });
    const jsonBody = jsonArb.map((body): { type?: string; payload: string | Buffer } => ({
      type: 'application/json',
      payload: JSON.stringify(body) ?? 'null',
    }));
    const bodyArb = route.multipart
      ? fc.oneof(
          { weight: 3, arbitrary: multipartFor(route.multipart, jpeg) },
          { weight: 1, arbitrary: jsonBody },
          { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) },
        )
      : hasBody
        ? fc.oneof({ weight: 3, arbitrary: jsonBody }, { weight: 1, arbitrary: fc.constantFrom(...RAW_BODIES) })
        : fc.constant(undefined);
    // Headers and cookies now and then: most requests keep the client's own, so the handler runs as that identity.
    const headers = fc.option(headersArb, { freq: 4 });
    const cookies = fc.option(cookiesArb(identity), { freq: 4 });
    return fc.record({ path: pathArb, query: queryArb, body: bodyArb, headers, cookies });
  }

  async function sendAll(identity: Identity, selected: (route: Route) => boolean) {
    for (const route of routes.filter(selected)) {
      await fc.assert(
        fc.asyncProperty(requestsFor(route, identity), async ({ path, query, body, headers, cookies }) => {
          const response = await senders[identity].request({
            method: route.method as 'GET',
            url: `${path}${query}`,
            headers: { ...headers, ...(body?.type ? { 'content-type': body.type } : {}) },
            ...(cookies ? { cookies } : {}),
            ...(body ? { payload: body.payload } : {}),
          });
          const sent = `${body ? `${body.type} ${String(body.payload).slice(0, 120)}` : ''} ${JSON.stringify({ headers, cookies }).slice(0, 300)}`;
          expectHandled(route, response, `${path}${query} ${sent}`);
        }),
        { seed: SEED, numRuns: RUNS_PER_ROUTE, endOnFailure: true },
      );
      await ensureSignedIn(identity);
    }
  }

  const isConsole = (route: Route) => route.path.startsWith('/api/admin');

  it('finds the routes and their schemas', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(
      routes.find((route) => route.method === 'POST' && route.path === '/api/complaints.php')?.body?.properties,
    ).toHaveProperty('order');
    expect(routes.find((route) => route.method === 'GET' && route.path === '/api/chat.php')?.query.has('after')).toBe(
      true,
    );
    expect(
      routes.find((route) => route.method === 'POST' && route.path === '/api/message-photo.php')?.multipart?.properties,
    ).toHaveProperty('photo');
  });

  it(
    'answers a visitor on every route in the API error shape, never 5xx',
    { timeout: 60_000 * Math.max(1, RUNS_PER_ROUTE / 10) },
    async () => {
      await sendAll('visitor', () => true);
    },
  );

  it(
    'answers a member on every member route in the API error shape, never 5xx',
    { timeout: 60_000 * Math.max(1, RUNS_PER_ROUTE / 10) },
    async () => {
      await sendAll('member', (route) => !isConsole(route));
    },
  );

  it(
    'answers a staff admin on every console route in the API error shape, never 5xx',
    { timeout: 60_000 * Math.max(1, RUNS_PER_ROUTE / 10) },
    async () => {
      await sendAll('admin', isConsole);
    },
  );
});
