// Near-duplicate texts (docs/safety.md, "Risk"): a message normalised (case, accents, digits, punctuation and spacing
// do not count) and summarised as a 64-bit simhash of its character trigrams. Two texts whose hashes differ in few bits
// are nearly the same text: a spammer's template with the name or a number changed.
import { createHash } from 'node:crypto';

/** Texts whose simhashes differ in at most this many of 64 bits count as the same text. */
export const SIMILAR_TEXT_BITS = 8;
/** Shorter normalised texts ("hi", "hello there") are too common to say anything. */
export const MIN_SIMILAR_TEXT_LENGTH = 20;

export function normaliseText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/\p{N}+/gu, '0')
    .replace(/[^\p{L}0]+/gu, ' ')
    .trim();
}

/** The 64-bit simhash of a normalised text's character trigrams, as a signed bigint (PostgreSQL's bigint). */
export function simhash(normalised: string): bigint {
  const weights = new Array<number>(64).fill(0);
  for (let index = 0; index + 3 <= normalised.length; index++) {
    const digest = createHash('sha1')
      .update(normalised.slice(index, index + 3))
      .digest();
    const value = digest.readBigUInt64BE(0);
    for (let bit = 0; bit < 64; bit++) weights[bit]! += (value >> BigInt(bit)) & 1n ? 1 : -1;
  }
  let hash = 0n;
  for (let bit = 0; bit < 64; bit++) if (weights[bit]! > 0) hash |= 1n << BigInt(bit);
  return BigInt.asIntN(64, hash);
}

/** Bits in which two 64-bit hashes differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  let x = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (x) {
    count += Number(x & 1n);
    x >>= 1n;
  }
  return count;
}
