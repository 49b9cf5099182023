// Public entry of web push: the plugin (`app.push`) and its types.
export {
  loadVapidKeys,
  pushPlugin,
  VAPID_SECRET_NAME,
  type Push,
  type PushNetwork,
  type PushOptions,
  type PushPluginOptions,
  type PushResult,
  type PushTarget,
  type VapidKeys,
} from './push.plugin.ts';
