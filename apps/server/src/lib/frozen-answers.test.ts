import { describe, expect, it } from 'vitest';
import { deepFreeze, serializeFrozenOnce } from './frozen-answers.ts';

describe('frozen answers', () => {
  it('serializes a frozen answer once and anything else every time', () => {
    let calls = 0;
    const serialize = serializeFrozenOnce((data) => ((calls += 1), JSON.stringify(data)));
    const frozen = deepFreeze({ user: { id: 1, profile: { name: 'Anna' } } });
    expect(serialize(frozen)).toBe('{"user":{"id":1,"profile":{"name":"Anna"}}}');
    expect(serialize(frozen)).toBe('{"user":{"id":1,"profile":{"name":"Anna"}}}');
    expect(calls).toBe(1);
    const open = { user: { id: 2 } };
    serialize(open);
    open.user.id = 3;
    expect(serialize(open)).toBe('{"user":{"id":3}}');
    expect(calls).toBe(3);
    expect(serialize(null)).toBe('null');
  });

  it('freezes every level, so the kept JSON can never go stale', () => {
    const answer = deepFreeze({ user: { profile: { main_image: { filename: 'a.jpg' } } }, list: [{ id: 1 }] });
    expect(Object.isFrozen(answer.user.profile.main_image)).toBe(true);
    expect(Object.isFrozen(answer.list[0])).toBe(true);
    expect(() => {
      (answer.user.profile.main_image as { filename: string }).filename = 'b.jpg';
    }).toThrow(TypeError);
  });
});
