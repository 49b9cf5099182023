// The landers feature's public entry: the signup flow shows the partner redirect when the site takes no signups; the
// app's server render (app/lander-render.tsx) renders the landing pages' first views.
export { PartnerRedirect } from './components/partner-redirect.tsx';
export { PARTNER_REDIRECT_SECONDS, partnerUrlWithTracking } from './lib/partner-redirect.ts';
export { LanderLogoBar, LanderView } from './components/lander-view.tsx';
export { LANDER_CSS } from './lib/lander-css.ts';
