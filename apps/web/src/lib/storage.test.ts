// @vitest-environment jsdom
// Storage helpers survive broken storage and read back only real timestamps.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { readTimestamp, removeItem, writeItem, writeTimestamp } from './storage.ts';

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.restoreAllMocks();
});

describe('storage', () => {
  it('writes and reads timestamps per area', () => {
    writeTimestamp('a', 1234);
    writeTimestamp('a', 99, 'session');
    expect(readTimestamp('a')).toBe(1234);
    expect(readTimestamp('a', 'session')).toBe(99);
    removeItem('a');
    expect(readTimestamp('a')).toBeNull();
  });

  it('ignores values that are not numbers', () => {
    writeItem('a', 'yes');
    expect(readTimestamp('a')).toBeNull();
  });

  it('reports a refused write instead of throwing', () => {
    vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('quota', 'QuotaExceededError');
    });
    expect(writeTimestamp('a', 1)).toBe(false);
  });
});
