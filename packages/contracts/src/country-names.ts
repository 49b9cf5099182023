// Country names in the interface language, from the browser's own data (Intl.DisplayNames).

/**
 * One `Intl.DisplayNames` per language for the whole page: building one loads ICU data (about 0.5 ms each), and a
 * results page used to build one per card.
 */
const countryNames = new Map<string, Intl.DisplayNames | null>();

function countryNamesFor(language: string): Intl.DisplayNames | null {
  let names = countryNames.get(language);
  if (names === undefined) {
    try {
      names = new Intl.DisplayNames([language], { type: 'region' });
    } catch {
      names = null;
    }
    countryNames.set(language, names);
  }
  return names;
}

/** A country's name in `language` (`NL` → "Netherlands"), or the code itself when the browser has no name for it. */
export function countryName(code: string, language: string): string {
  try {
    return countryNamesFor(language)?.of(code) ?? code;
  } catch {
    return code;
  }
}
