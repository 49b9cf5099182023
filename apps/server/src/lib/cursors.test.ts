import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createCursorCodec } from './cursors.ts';

describe('signed cursors', () => {
  const codec = createCursorCodec(randomBytes(32));
  const expectInvalid = (run: () => unknown) =>
    expect(run).toThrow(expect.objectContaining({ statusCode: 400, code: 'cursor_invalid' }));

  it('round-trips the values of its own list', () => {
    const cursor = codec.encode('liked-by', [true, '2026-11-22 11:53:10.123456+00', 42]);
    expect(codec.decode('liked-by', cursor, 'btn')).toEqual([true, '2026-11-22 11:53:10.123456+00', 42]);
  });

  it("refuses another list's cursor, another key's, a tampered one and garbage", () => {
    const cursor = codec.encode('search', [1, 'all', true, '2026-11-22', 7]);
    expectInvalid(() => codec.decode('liked', cursor, 'nsbsn'));
    expectInvalid(() => createCursorCodec(randomBytes(32)).decode('search', cursor, 'nsbsn'));
    const [payload, mac] = cursor.split('.') as [string, string];
    const edited = Buffer.from(JSON.stringify(['search', 9, 'all', true, '2026-11-22', 7])).toString('base64url');
    for (const forged of [
      `${edited}.${mac}`,
      payload,
      `${payload}.`,
      `.${mac}`,
      `${payload}.${mac}.${mac}`,
      `${payload}.${mac.slice(0, -2)}`,
      '',
      '...',
      'abc',
    ]) {
      expectInvalid(() => codec.decode('search', forged, 'nsbsn'));
    }
  });

  it('checks the shape of signed values too', () => {
    expectInvalid(() => codec.decode('x', codec.encode('x', [1, 2]), 'n'));
    expectInvalid(() => codec.decode('x', codec.encode('x', [-1]), 'n'));
    expectInvalid(() => codec.decode('x', codec.encode('x', [2 ** 31]), 'n'));
    expectInvalid(() => codec.decode('x', codec.encode('x', ['1']), 'n'));
    expectInvalid(() => codec.decode('x', codec.encode('x', ['a'.repeat(101)]), 's'));
    expectInvalid(() => codec.decode('x', codec.encode('x', ['yesterday']), 't'));
    expect(codec.decode('x', codec.encode('x', ['2026-11-22T11:53:10Z']), 't')).toEqual(['2026-11-22T11:53:10Z']);
  });
});
