import { describe, expect, it } from 'vitest';
import { caretAfterFormatting, checkIban, compactIban, formatIban, IBAN_MAX_FORMATTED_LENGTH } from './iban.ts';

describe('IBAN input', () => {
  it('writes letters and digits in groups of four, upper case, nothing else', () => {
    expect(formatIban('nl91abna0417164300')).toBe('NL91 ABNA 0417 1643 00');
    expect(formatIban('NL91 ABNA-0417.1643 00 ')).toBe('NL91 ABNA 0417 1643 00');
    expect(formatIban('NL91')).toBe('NL91');
    expect(formatIban('NL91A')).toBe('NL91 A');
    expect(formatIban('')).toBe('');
    expect(compactIban('x'.repeat(40))).toHaveLength(34);
    expect(formatIban('x'.repeat(40))).toHaveLength(IBAN_MAX_FORMATTED_LENGTH);
  });

  it('keeps the caret after the same character once the groups move', () => {
    // Typed "X" after "NL91 AB": the caret stays after the X.
    expect(caretAfterFormatting('NL91 ABX', 8)).toBe(8);
    // Typing the fifth character: the space comes before it, the caret after it.
    expect(caretAfterFormatting('NL91A', 5)).toBe(6);
    // A character inserted in the first group.
    expect(caretAfterFormatting('NLX91 ABNA', 3)).toBe(3);
    expect(caretAfterFormatting('NL91 ABNA', 0)).toBe(0);
  });

  it('checks the IBAN as the server does and reads the bank code', () => {
    expect(checkIban('NL91 ABNA 0417 1643 00')).toEqual({ isValid: true, countryCode: 'NL', bankCode: 'ABNA' });
    expect(checkIban('DE89 3704 0044 0532 0130 00')).toMatchObject({ isValid: true, bankCode: '37040044' });
    expect(checkIban('NL91 ABNA 0417 1643 01').isValid).toBe(false);
    expect(checkIban('NL91 ABNA').isValid).toBe(false);
    expect(checkIban('').isValid).toBe(false);
  });
});
