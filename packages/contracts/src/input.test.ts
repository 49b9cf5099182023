// The contracts' input rules: every number a request body may carry is bounded (an unbounded one reaches SQL and
// overflows an integer column), query integers fit int4, and text errors are found wherever they are.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as contracts from './index.ts';
import { MAX_INT4, queryIntSchema, textErrorOf } from './input.ts';

type JsonSchema = {
  type?: string | string[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  [key: string]: unknown;
};

/** Paths of every number in a JSON schema that lacks a lower or an upper bound. */
function unboundedNumbers(schema: unknown, path = ''): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const node = schema as JsonSchema;
  const found: string[] = [];
  const types = Array.isArray(node.type) ? node.type : [node.type];
  // A literal (`{ step: 1 }`) is bounded by being one value.
  if ((types.includes('integer') || types.includes('number')) && node.const === undefined && node.enum === undefined) {
    const hasMin = node.minimum !== undefined || node.exclusiveMinimum !== undefined;
    const hasMax = node.maximum !== undefined || node.exclusiveMaximum !== undefined;
    if (!hasMin || !hasMax) found.push(path || '(root)');
  }
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object') {
      for (const [name, property] of Object.entries(value))
        found.push(...unboundedNumbers(property, `${path}.${name}`));
    } else if (Array.isArray(value)) {
      value.forEach((item, index) => found.push(...unboundedNumbers(item, `${path}[${index}]`)));
    } else if (value && typeof value === 'object') {
      found.push(...unboundedNumbers(value, `${path}.${key}`));
    }
  }
  return found;
}

/** The schemas of what clients send: request bodies, queries, route parameters, console inputs. */
const inputSchemas = Object.entries(contracts).filter(
  ([name, value]) => value instanceof z.ZodType && /(Request|Query|Params|Input|Fields)Schema$/.test(name),
) as [string, z.ZodType][];

describe('input rules of the contracts', () => {
  it('finds the request schemas', () => {
    expect(inputSchemas.length).toBeGreaterThan(40);
  });

  it.each(inputSchemas)('%s bounds every number above and below', (_name, schema) => {
    const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
    expect(unboundedNumbers(json)).toEqual([]);
  });

  it('takes query integers as digits within int4 only', () => {
    const schema = queryIntSchema(0);
    expect(schema.parse('0')).toBe(0);
    expect(schema.parse(String(MAX_INT4))).toBe(MAX_INT4);
    for (const bad of [String(MAX_INT4 + 1), '99999999999', '-1', '01', '1e3', '1.5', ' 1', '', '0x1'])
      expect(schema.safeParse(bad).success, bad).toBe(false);
    expect(queryIntSchema(1).safeParse('0').success).toBe(false);
  });

  it('names NUL and lone surrogates, and takes every whole character', () => {
    expect(textErrorOf('a\u0000b')).toBe('nul_character');
    expect(textErrorOf('a\ud800')).toBe('invalid_text');
    expect(textErrorOf('\udc00a')).toBe('invalid_text');
    expect(textErrorOf('\ud83d\ude00\ud800')).toBe('invalid_text');
    expect(textErrorOf('\ud83d\ude00 Zoë 李 \u200B')).toBeNull();
    expect(textErrorOf('')).toBeNull();
  });
});
