import { describe, expect, it } from 'vitest';
import { hammingDistance, normaliseText, SIMILAR_TEXT_BITS, simhash } from './text-similarity.ts';

const hashOf = (text: string) => simhash(normaliseText(text));

describe('near-duplicate texts', () => {
  it('finds a template with the name, numbers, case and punctuation changed', () => {
    const base = hashOf('Hi Anna! I am a soldier on a mission, I need 500 euros for my flight home, please help me');
    const variant = hashOf(
      'hi MARIA, i am a soldier on a mission... I need 800 euros for my flight home please help me',
    );
    expect(hammingDistance(base, variant)).toBeLessThanOrEqual(SIMILAR_TEXT_BITS);
  });

  it('keeps different texts apart', () => {
    const a = hashOf('Hi Anna! I am a soldier on a mission, I need 500 euros for my flight home, please help me');
    const b = hashOf('Good morning, I loved your photos from the mountains, which trail was that?');
    const c = hashOf('Do you like cooking? I make a great lasagne on Sundays with my grandmother');
    expect(hammingDistance(a, b)).toBeGreaterThan(SIMILAR_TEXT_BITS * 2);
    expect(hammingDistance(b, c)).toBeGreaterThan(SIMILAR_TEXT_BITS * 2);
  });

  it('normalises accents, digits and spacing', () => {
    expect(normaliseText('  Café   N°12,  ÉTÉ 2024!! ')).toBe('cafe n 0 ete 0');
  });
});
