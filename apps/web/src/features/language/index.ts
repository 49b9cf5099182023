// The language feature's public entry: other features import only what is exported here.
export { LanguageDropdown } from './components/language-dropdown.tsx';
export { LANGUAGE_NAMES } from './language-names.ts';
export { getVisibleLanguages } from './visible-languages.ts';
