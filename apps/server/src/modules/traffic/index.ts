// Public entry of paid traffic (docs/traffic.md): the service, the tracking cookie's signer, the postback network
// policies, and what the console's routes use (the report's CSV, a network as answered).
export { createTrafficService, type TrafficService } from './traffic.service.ts';
export { createTrafficCookies } from './tracking-cookie.ts';
export {
  LOCAL_POSTBACK_POLICY,
  PUBLIC_HTTPS_POLICY,
  resolveWithSystem,
  type PostbackNetwork,
} from './postbacks.service.ts';
export { reportCsv } from './report.service.ts';
export { toAdminNetwork } from './networks.service.ts';
