// The blocks feature's public entry: other features import only what is exported here.
export { BlockButton } from './components/block-button.tsx';
export { BlockedMembers } from './components/blocked-members.tsx';
export { useBlockMember } from './api/block-member.ts';
