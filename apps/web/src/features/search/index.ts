// The search feature's public entry: other features import only what is exported here.
export { searchMembers } from './api/search-members.ts';
export { getSearchState } from './lib/search-store.ts';
