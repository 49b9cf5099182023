// Public entry of the member sockets: the plugin (`app.realtime`) and its types.
export {
  realtimePlugin,
  isSameOrigin,
  CLOSE_POLICY_VIOLATION,
  CLOSE_REPLACED,
  CLOSE_SESSION_CHANGED,
  CLOSE_SERVICE_RESTART,
  CLOSE_TOO_SLOW,
  FRAME_RATE,
  HEARTBEAT_MS,
  MAX_SOCKETS_PER_MEMBER,
  TYPING_RELAY_MS,
  MAX_BUFFERED_BYTES,
  type Realtime,
  type SocketMember,
} from './realtime.plugin.ts';
