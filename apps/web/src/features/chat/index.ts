// The chat feature's public entry: other features import only what is exported here.
export { useChatBadge } from './hooks/use-chat-badge.ts';
export { useCachedUnreadTotal } from './api/get-chats.ts';
export { QuickMessage } from './components/quick-message.tsx';
