// Named statements on PGlite: a parameterized query is parsed and planned once per process, then only bound and
// executed. PGlite's `query` parses, analyzes and plans every statement again, which costs the member view about
// 1.2 ms of the embedded database's single thread against 0.2 ms with a prepared plan (docs/prepared-statements.md).
import { parse, protocol, type PGlite, type QueryOptions, type Results } from '@electric-sql/pglite';
import { MAX_NAMED_STATEMENTS, statementName } from './named-statements.ts';

/** PREPARE-able statements: the rest (SET, ANALYZE, DDL...) always run unnamed. */
const PREPARABLE = /^\s*(select|insert|update|delete|with|values)\b/i;

/** A prepared statement: its parameter types and its row description, both from the Describe after its Parse. */
type Statement = { name: string; parameterTypes: number[] | null; rowDescription: Message | undefined };
type Parsers = Parameters<typeof parse.parseResults>[1];

/** `(value) => value` and the like: a parser that hands the text on unchanged (Drizzle's, for dates and intervals). */
const isIdentity = (parser: unknown) =>
  typeof parser === 'function' && /^\(?\s*(\w+)\s*\)?\s*=>\s*\1\s*$/.test(String(parser));

/**
 * PGlite merges a query's parsers into its 318 defaults for every result (about 80 µs, more than running a prepared
 * member view): the merged table is kept per parsers object, and shared between objects made only of identity
 * parsers for the same types (Drizzle makes a new such object for every query it builds).
 */
function createParserTables(defaults: Parsers) {
  const byObject = new WeakMap<Parsers, Parsers>();
  const byIdentityTypes = new Map<string, Parsers>();
  return (parsers: Parsers | undefined): Parsers => {
    if (!parsers) return defaults;
    let merged = byObject.get(parsers);
    if (merged) return merged;
    const types = Object.keys(parsers);
    const key = types.every((type) => isIdentity(parsers[type])) ? types.sort().join(',') : undefined;
    merged = (key !== undefined && byIdentityTypes.get(key)) || { ...defaults, ...parsers };
    if (key !== undefined && byIdentityTypes.size < 100) byIdentityTypes.set(key, merged);
    byObject.set(parsers, merged);
    return merged;
  };
}
type Message = Parameters<typeof parse.parseResults>[0][number];

/**
 * Wraps `pg.query` so that a parameterized query outside a transaction runs as a named prepared statement of the
 * session (PGlite has exactly one): the first run sends Parse and Describe, every later one Bind, Execute and Sync
 * in one exchange, and PostgreSQL keeps its plan (custom or generic, `plan_cache_mode = auto`). Results, errors and
 * type handling are PGlite's own (`parseResults`, its serializers and parsers). Queries of a transaction go through
 * the transaction object and stay as they are.
 */
export function nameStatementsOnPglite(pg: PGlite, max = MAX_NAMED_STATEMENTS): { count: () => number } {
  const statements = new Map<string, Statement>();
  const query = pg.query.bind(pg) as PGlite['query'];
  const parsersFor = createParserTables(pg.parsers as unknown as Parsers);
  /**
   * One exchange of protocol messages ending with Sync: PGlite hands the whole buffer to the backend at once. A
   * database error throws once the backend reached the Sync, so the session is ready for the next query.
   */
  async function exchange(...parts: Uint8Array[]): Promise<Message[]> {
    const buffer = new Uint8Array(parts.reduce((length, part) => length + part.length, 0));
    parts.reduce((offset, part) => (buffer.set(part, offset), offset + part.length), 0);
    return (await pg.execProtocol(buffer, { syncToFs: false })).messages as Message[];
  }

  async function runNamed(
    statement: Statement,
    text: string,
    params: unknown[],
    options: QueryOptions | undefined,
  ): Promise<Results> {
    const { serialize } = protocol;
    const withQuery = (error: unknown) =>
      Object.assign(error as object, { query: text, params, queryOptions: options });
    if (!statement.parameterTypes) {
      try {
        const described = await exchange(
          serialize.parse({ name: statement.name, text, types: options?.paramTypes }),
          serialize.describe({ type: 'S', name: statement.name }),
          serialize.sync(),
        );
        statement.parameterTypes = parse.parseDescribeStatementResults(described as never);
        // The same columns every run (PostgreSQL refuses a replanned statement whose result type changed): the
        // runs skip Describe, and the results are parsed with this description.
        statement.rowDescription = described.find((message) => message.name === 'rowDescription');
      } catch (error) {
        // A statement that failed to parse was never created: the next run parses again.
        statements.delete(text);
        throw withQuery(error);
      }
    }
    const types = statement.parameterTypes;
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const serializer = options?.serializers?.[types[index]!] ?? pg.serializers[types[index]!];
      return serializer ? serializer(value) : String(value);
    });
    let messages: Message[];
    try {
      messages = await exchange(
        serialize.bind({ statement: statement.name, values: values as string[] }),
        serialize.execute({}),
        serialize.sync(),
      );
    } catch (error) {
      throw withQuery(error);
    }
    await pg.syncToFs();
    if (statement.rowDescription) messages.unshift(statement.rowDescription);
    return parse.parseResults(
      messages as never,
      parsersFor(options?.parsers as Parsers | undefined),
      options && { ...options, parsers: undefined },
    )[0]!;
  }

  (pg as { query: PGlite['query'] }).query = (async (text: string, params?: unknown[], options?: QueryOptions) => {
    if (!params?.length || options?.blob || !PREPARABLE.test(text)) return query(text, params, options);
    let statement = statements.get(text);
    if (!statement) {
      if (statements.size >= max) return query(text, params, options);
      statement = { name: statementName(text), parameterTypes: null, rowDescription: undefined };
      statements.set(text, statement);
    }
    const named = statement;
    // The locks PGlite's own query takes: never inside another caller's transaction, one protocol exchange at a time.
    return pg._runExclusiveTransaction(() => pg._runExclusiveQuery(() => runNamed(named, text, params, options)));
  }) as PGlite['query'];
  return { count: () => statements.size };
}
