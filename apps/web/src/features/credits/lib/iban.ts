// IBANs in the direct-debit form: written in groups of four while typing, checked with ibantools exactly as the server
// checks them (docs/payments.md), and the bank code read from them.
import { extractIBAN, isValidIBAN } from 'ibantools';

/** The longest IBAN (Saint Lucia, Russia: 32-33; the standard allows 34) without its spaces. */
export const IBAN_MAX_CHARACTERS = 34;
/** With a space after every four characters. */
export const IBAN_MAX_FORMATTED_LENGTH = IBAN_MAX_CHARACTERS + Math.ceil(IBAN_MAX_CHARACTERS / 4) - 1;

/** Letters and digits only, upper case, at most IBAN_MAX_CHARACTERS: "nl91 abna-0417" -> "NL91ABNA0417". */
export function compactIban(value: string): string {
  return value
    .toUpperCase()
    .replace(/[^A-Z0-9]/g, '')
    .slice(0, IBAN_MAX_CHARACTERS);
}

/** "NL91ABNA041716" -> "NL91 ABNA 0417 16": a space after every four characters, none at the end. */
export function formatIban(value: string): string {
  return compactIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

/**
 * Where the caret goes in the formatted value, so typing or deleting in the middle keeps it after the same character:
 * it follows as many letters and digits as it followed in what was typed.
 */
export function caretAfterFormatting(typed: string, caret: number): number {
  const charactersBefore = compactIban(typed.slice(0, caret)).length;
  if (charactersBefore === 0) return 0;
  // Each group of four before the caret adds one space, except after the very last character typed.
  return charactersBefore + Math.floor((charactersBefore - 1) / 4);
}

export type IbanCheck = {
  /** Whether the IBAN passes the server's check: its country's length and format, and the checksum. */
  isValid: boolean;
  countryCode: string | null;
  /** The bank's code inside the IBAN (ABNA, 10070000, ...), when the country's IBANs have one. */
  bankCode: string | null;
};

export function checkIban(value: string): IbanCheck {
  const iban = compactIban(value);
  if (!iban) return { isValid: false, countryCode: null, bankCode: null };
  const extracted = extractIBAN(iban);
  const isValid = isValidIBAN(iban) && extracted.valid && Boolean(extracted.countryCode);
  return {
    isValid,
    countryCode: extracted.countryCode ?? null,
    bankCode: isValid ? (extracted.bankIdentifier ?? null) : null,
  };
}
