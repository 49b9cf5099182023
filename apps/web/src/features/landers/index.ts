// The landers feature's public entry: the signup flow shows the partner redirect when the site takes no signups.
export { PartnerRedirect } from './components/partner-redirect.tsx';
export { PARTNER_REDIRECT_SECONDS, partnerUrlWithTracking } from './lib/partner-redirect.ts';
