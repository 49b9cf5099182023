// The account-deletion feature's public entry: other features import only what is exported here.
export { DeleteAccountSection } from './components/delete-account-section.tsx';
