// The language feature's public entry: other features import only what is exported here.
export { LanguageDropdown } from './components/language-dropdown.tsx';
