// Public entry of the member sockets: the plugin (`app.realtime`) and its types.
export { realtimePlugin, isSameOrigin, CLOSE_SESSION_CHANGED, CLOSE_TOO_SLOW, HEARTBEAT_MS, MAX_BUFFERED_BYTES, type Realtime, type SocketMember } from './realtime.plugin.ts';
