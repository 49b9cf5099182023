// The search feature's public entry: other features import only what is exported here.
export { findSearchedCard, searchKeys, searchMembers } from './api/search-members.ts';
