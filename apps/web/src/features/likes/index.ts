// The likes feature's public entry: other features import only what is exported here.
export { likesKeys, countNewLikes, useCachedNewLikes, useLikesRefresh } from './api/get-likes.ts';
export { LikeButton } from './components/like-button.tsx';
export { LikeModalHost } from './components/like-modal-host.tsx';
export { useOpenMatchModal } from './hooks/use-like-actions.ts';
export { useLikedIds } from './hooks/use-liked-ids.ts';
export { UnmatchButton } from './components/unmatch-button.tsx';
