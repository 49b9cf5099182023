// The member core: what every member feature shares (cards, the viewer, visibility, relevance order, who suits whom).
// It imports no feature; features import it only through this file.
export * from './profile-cards.ts';
export * from './relevance.ts';
export * from './preferences.ts';
export * from './members.repository.ts';
export * from './viewer.ts';
export { findMemberName } from './member-names.ts';
