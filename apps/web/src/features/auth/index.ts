// The auth feature's public entry: other features import only what is exported here.
export { useLogout } from './api/logout.ts';
