// Public entry of paid traffic (docs/traffic.md): the service, the tracking cookie's signer, what a page adds to its
// visit, and the postback network policies.
export { createTrafficService, type TrafficService } from './traffic.service.ts';
export { createTrafficCookies } from './tracking-cookie.ts';
export type { PageVisit } from './visits.service.ts';
export {
  LOCAL_POSTBACK_POLICY,
  PUBLIC_HTTPS_POLICY,
  resolveWithSystem,
  type PostbackNetwork,
} from './postbacks.service.ts';
export { reportCsv } from './report.service.ts';
export { toAdminNetwork } from './networks.service.ts';
