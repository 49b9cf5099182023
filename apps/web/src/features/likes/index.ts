// The likes feature's public entry: other features import only what is exported here.
export { LIKES_QUERY_KEY, countNewLikes, useLikesRefresh } from './api/get-likes.ts';
export { invalidateLikeState } from './api/like-member.ts';
export { LikeButton } from './components/like-button.tsx';
export { LikeModalHost } from './components/like-modal-host.tsx';
export { useOpenMatchModal } from './hooks/use-like-actions.ts';
