// The accounts feature's public entry: other features import only what is exported here.
export { AccountDropdown } from './components/account-dropdown.tsx';
export { SessionManager } from './components/session-manager.tsx';
