// The landers' style sheets as one text (Vite's `?inline`), in this order: the base, the designs, the member
// landings, then the wider screens and motion, which must come after every design's own rules. The server inlines it
// into a lander's index.html (app/lander-render.tsx); the browser uses it only for a lander it renders itself.
// The lint's resolver cannot follow a `?inline` import; these are the feature's own files.
// eslint-disable-next-line boundaries/no-unknown-dependencies
import baseCss from '../landers.css?inline';
// eslint-disable-next-line boundaries/no-unknown-dependencies
import designsCss from '../lander-designs.css?inline';
// eslint-disable-next-line boundaries/no-unknown-dependencies
import mediaDesignsCss from '../lander-media-designs.css?inline';
// eslint-disable-next-line boundaries/no-unknown-dependencies
import memberLandingsCss from '../member-landings.css?inline';
// eslint-disable-next-line boundaries/no-unknown-dependencies
import breakpointsCss from '../lander-breakpoints.css?inline';

/** The landers' styles, on the app's design tokens, as one text (minified by the build). */
export const LANDER_CSS: string = [baseCss, designsCss, mediaDesignsCss, memberLandingsCss, breakpointsCss].join('\n');
