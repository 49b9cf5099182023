// The first view of every landing page as HTML, rendered on the server from the lander's payload: the same markup goes
// into index.html (before the app's scripts run) and into landers.php's answer (client-side navigation). Every value
// is escaped here; the web app only moves this markup into its layout and wires the calls to action (docs/landers.md).
import type { TFunction } from 'i18next';
import type { LanderPayload, LanderProfile } from '@app/contracts';
import { icon } from './lander-icons.ts';

export type MarkupContext = {
  payload: LanderPayload;
  siteName: string;
  /** Translator fixed to the lander's language (namespace `landers` by prefix). */
  t: TFunction;
  /** Where a lander's call to action leads without JavaScript: the signup page, with the visit's tracking data. */
  signupHref: string;
};

import { escapeHtml } from '../../lib/html.ts';

/** Markup already escaped (built by `html`), inserted as it is. */
class SafeHtml {
  readonly value: string;
  constructor(value: string) {
    this.value = value;
  }
  toString(): string {
    return this.value;
  }
}
export const raw = (value: string) => new SafeHtml(value);

type Part = SafeHtml | string | number | null | undefined | false | Part[];

function join(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (Array.isArray(part)) return part.map(join).join('');
  return part instanceof SafeHtml ? part.value : escapeHtml(part);
}

/** Tagged template: every interpolated value is escaped unless it is `html`'s own output or `raw()`. */
export function html(strings: TemplateStringsArray, ...values: Part[]): SafeHtml {
  let out = strings[0]!;
  values.forEach((value, index) => {
    out += join(value) + strings[index + 1]!;
  });
  return new SafeHtml(out);
}

const placeOf = (profile: LanderProfile) => profile.place;
const nameAge = (profile: LanderProfile) => (profile.age ? `${profile.name}, ${profile.age}` : profile.name);

/** A deterministic spread for map pins and counts: the same profile sits at the same place on every visit. */
function hashOf(value: number, salt: number): number {
  let hash = (value * 2654435761 + salt * 40503) >>> 0;
  hash ^= hash >>> 15;
  return (hash * 2246822519) >>> 0;
}

type ImageOptions = {
  size?: 'thumb' | 'large';
  isEager?: boolean;
  className?: string;
  width?: number;
  height?: number;
  isDecorative?: boolean;
};

function photo(ctx: MarkupContext, profile: LanderProfile, options: ImageOptions = {}): SafeHtml {
  const {
    size = 'thumb',
    isEager = false,
    className = 'ldr-photo',
    width = 400,
    height = 400,
    isDecorative = false,
  } = options;
  const image = profile.main_image;
  if (!image)
    return html`<span class="${className} ldr-photo-empty" aria-hidden="true">${raw(icon('heart', 48))}</span>`;
  const src = size === 'large' ? image.filename : image.thumb_filename;
  const alt = isDecorative ? '' : ctx.t('landers:photoAlt', { name: profile.name });
  return html`<img class="${className}" src="${src}" alt="${alt}" width="${width}" height="${height}" decoding="async"${raw(
    isEager ? ' fetchpriority="high"' : ' loading="lazy"',
  )}>`;
}

/** The member's activity in the app's own words and by its one rule (member-core's card: today, this week). */
function activity(ctx: MarkupContext, profile: LanderProfile): SafeHtml | string {
  if (!profile.activity) return '';
  return html`<span class="ldr-activity ldr-activity-${profile.activity}"><span class="ldr-dot" aria-hidden="true"></span>${ctx.t(
    `members:discovery.activity.${profile.activity}`,
  )}</span>`;
}

/**
 * A text that says "near you" in its `…Near` form, used only when every profile the page shows is near the visitor
 * (the payload's `is_near`); otherwise the text without the claim (docs/landers.md, "Honest ads").
 */
function nearText(ctx: MarkupContext, key: string): string {
  return ctx.t(`landers:${key}${ctx.payload.is_near ? 'Near' : ''}`);
}

/** The call to action: a real link to the signup page, which the web app turns into the signup modal. */
function cta(
  ctx: MarkupContext,
  options: { label?: string; className?: string; icon?: Parameters<typeof icon>[0] } = {},
): SafeHtml {
  const { payload } = ctx;
  const href = payload.signup_href ?? ctx.signupHref;
  const kind = payload.kind === 'member' ? 'member' : 'modal';
  return html`<a class="ldr-cta ${options.className ?? ''}" href="${href}" data-lander-signup="${kind}">${
    options.icon ? raw(icon(options.icon, 20)) : ''
  }<span>${options.label ?? payload.texts.cta}</span></a>`;
}

/** A small link-sized call to action around other content (a card, a pin): its label names the profile. */
function signupLink(ctx: MarkupContext, label: string, content: Part, className: string, style?: string): SafeHtml {
  const href = ctx.payload.signup_href ?? ctx.signupHref;
  return html`<a class="${className}" href="${href}" data-lander-signup="${ctx.payload.kind === 'member' ? 'member' : 'modal'}" aria-label="${label}"${
    style ? html` style="${style}"` : ''
  }>${content}</a>`;
}

function intro(ctx: MarkupContext, options: { isCentered?: boolean; headingId?: string } = {}): SafeHtml {
  const { texts } = ctx.payload;
  return html`<div class="ldr-intro${options.isCentered ? ' text-center' : ''}">
<h1 class="ldr-headline"${options.headingId ? raw(` id="${options.headingId}"`) : ''}>${texts.headline}</h1>
<p class="ldr-lead">${texts.lead}</p>
</div>`;
}

const profilesOf = (ctx: MarkupContext, count: number) => ctx.payload.profiles.slice(0, count);

function tinderswipe(ctx: MarkupContext): SafeHtml {
  const { t } = ctx;
  const cards = profilesOf(ctx, 6);
  return html`<section class="ldr-swipe">
<div class="container ldr-narrow">
${intro(ctx, { isCentered: true })}
<div class="ldr-swipe-stack${cards.length ? '' : ' is-done'}" data-lander-stack>
<div class="ldr-swipe-match" aria-live="polite">
<span class="ldr-match-icon">${raw(icon('heart', 40))}</span>
<h2 class="ldr-match-title">${t('landers:tinderswipe.matchTitle')}</h2>
<p>${t('landers:tinderswipe.matchText')}</p>
${cta(ctx)}
</div>
${cards
  .map((profile, index) => ({ profile, index }))
  .reverse()
  .map(
    ({
      profile,
      index,
    }) => html`<article class="ldr-swipe-card" data-lander-card style="--ldr-depth:${index}" aria-label="${nameAge(profile)}"${raw(
      index === 0 ? '' : ' aria-hidden="true"',
    )}>
${photo(ctx, profile, { size: 'large', isEager: index === 0, className: 'ldr-swipe-photo', width: 600, height: 800, isDecorative: true })}
<div class="ldr-swipe-caption"><p class="ldr-swipe-name">${nameAge(profile)}</p>${
      placeOf(profile) ? html`<p class="ldr-place">${raw(icon('map-pin', 16))}${placeOf(profile)}</p>` : ''
    }${activity(ctx, profile)}</div>
</article>`,
  )}
</div>
<div class="ldr-swipe-actions">
<button type="button" class="ldr-round ldr-round-nope" data-lander-swipe="nope">${raw(icon('x', 30))}<span class="visually-hidden">${t(
    'landers:tinderswipe.nope',
  )}</span></button>
<button type="button" class="ldr-round ldr-round-like" data-lander-swipe="like">${raw(icon('heart', 30))}<span class="visually-hidden">${t(
    'landers:tinderswipe.like',
  )}</span></button>
</div>
<p class="ldr-hint">${nearText(ctx, 'tinderswipe.hint')}</p>
<div class="text-center mt-3">${cta(ctx)}</div>
</div>
</section>`;
}

function alonetonight(ctx: MarkupContext): SafeHtml {
  const { t } = ctx;
  const [first, ...rest] = profilesOf(ctx, 9);
  return html`<section class="ldr-night">
<div class="ldr-stars" aria-hidden="true"></div>
<div class="container ldr-night-hero">
<div class="ldr-night-text">
${intro(ctx)}
${cta(ctx, { icon: 'message-circle' })}
</div>
${
  first
    ? html`<div class="ldr-night-feature">${photo(ctx, first, { size: 'large', isEager: true, className: 'ldr-night-photo', width: 480, height: 600 })}
<p class="ldr-night-caption">${nameAge(first)}${placeOf(first) ? html` · ${placeOf(first)}` : ''}</p></div>`
    : ''
}
</div>
</section>
<section class="container ldr-section" aria-labelledby="ldr-online-title">
<h2 class="ldr-section-title" id="ldr-online-title">${nearText(ctx, 'alonetonight.onlineTitle')}</h2>
<ul class="ldr-faces">
${rest.map(
  (profile) =>
    html`<li>${signupLink(
      ctx,
      t('landers:meet', { name: nameAge(profile) }),
      html`${photo(ctx, profile, { className: 'ldr-face-photo', width: 160, height: 160, isDecorative: true })}<span class="ldr-face-name">${nameAge(
        profile,
      )}</span>${placeOf(profile) ? html`<span class="ldr-face-place">${placeOf(profile)}</span>` : ''}`,
      'ldr-face',
    )}</li>`,
)}
</ul>
</section>`;
}

const COLLAGE_TILES = 20;

function collagelanding(ctx: MarkupContext): SafeHtml {
  const tiles = profilesOf(ctx, 12);
  // The wall is always full: fewer profiles than tiles repeat.
  const wall = tiles.length ? Array.from({ length: COLLAGE_TILES }, (_, index) => tiles[index % tiles.length]!) : [];
  return html`<section class="ldr-collage">
<div class="ldr-collage-grid" aria-hidden="true">
${wall.map((profile, index) => html`<div class="ldr-collage-tile ldr-tile-${index % 6}">${photo(ctx, profile, { isEager: index < 2, isDecorative: true, className: 'ldr-collage-photo' })}</div>`)}
</div>
<div class="ldr-collage-panel">
${intro(ctx, { isCentered: true })}
${cta(ctx)}
<ul class="ldr-avatars" aria-label="${ctx.t('landers:collagelanding.membersLabel')}">
${tiles.slice(0, 5).map((profile) => html`<li>${photo(ctx, profile, { className: 'ldr-avatar', width: 48, height: 48 })}</li>`)}
</ul>
</div>
</section>`;
}

function gallery(ctx: MarkupContext): SafeHtml {
  const { t } = ctx;
  return html`<section class="container ldr-section ldr-gallery">
${intro(ctx, { isCentered: true })}
<div class="text-center mb-4">${cta(ctx)}</div>
<ul class="ldr-cards">
${profilesOf(ctx, 12).map(
  (profile, index) => html`<li class="ldr-card">
${signupLink(
  ctx,
  t('landers:meet', { name: nameAge(profile) }),
  html`${photo(ctx, profile, { isEager: index < 2, className: 'ldr-card-photo', width: 400, height: 400, isDecorative: true })}
<span class="ldr-card-body"><span class="ldr-card-name">${nameAge(profile)}</span>${
    placeOf(profile) ? html`<span class="ldr-place">${raw(icon('map-pin', 14))}${placeOf(profile)}</span>` : ''
  }${activity(ctx, profile)}</span>`,
  'ldr-card-link',
)}
</li>`,
)}
</ul>
</section>`;
}

const FEATURE_ICONS = { free: 'sparkles', private: 'shield-check', near: 'map-pin', chat: 'message-circle' } as const;

function iconslanding(ctx: MarkupContext): SafeHtml {
  const { t } = ctx;
  const faces = profilesOf(ctx, 6);
  return html`<section class="ldr-icons-hero">
<div class="container ldr-split">
<div>
${intro(ctx)}
${cta(ctx)}
</div>
<ul class="ldr-bubbles" aria-label="${t('landers:collagelanding.membersLabel')}">
${faces.map((profile, index) => html`<li class="ldr-bubble ldr-bubble-${index}">${photo(ctx, profile, { isEager: index === 0, className: 'ldr-bubble-photo', width: 160, height: 160 })}</li>`)}
</ul>
</div>
</section>
<section class="container ldr-section" aria-labelledby="ldr-features-title">
<h2 class="visually-hidden" id="ldr-features-title">${t('landers:iconslanding.featuresTitle')}</h2>
<ul class="ldr-features">
${(Object.keys(FEATURE_ICONS) as (keyof typeof FEATURE_ICONS)[]).map(
  (key) => html`<li class="ldr-feature"><span class="ldr-feature-icon">${raw(icon(FEATURE_ICONS[key], 28))}</span>
<h3 class="ldr-feature-title">${t(`landers:iconslanding.features.${key}.title`)}</h3>
<p>${t(`landers:iconslanding.features.${key}.text`)}</p></li>`,
)}
</ul>
</section>`;
}

function maplanding(ctx: MarkupContext): SafeHtml {
  const { t } = ctx;
  const pins = profilesOf(ctx, 8);
  return html`<section class="container ldr-section ldr-maplanding">
${intro(ctx, { isCentered: true })}
<div class="ldr-map-wrap">
<div class="ldr-map" role="group" aria-label="${nearText(ctx, 'maplanding.mapLabel')}">
${
  // "You" in the middle only when the members around are near the visitor.
  ctx.payload.is_near
    ? html`<span class="ldr-map-you" aria-hidden="true"><span class="ldr-map-pulse"></span></span>
<span class="visually-hidden">${t('landers:maplanding.you')}</span>`
    : ''
}
${pins.map((profile, index) => {
  // A spiral around the centre (golden angle, so no two pins meet): nearer profiles, listed first, closer to "you".
  const angle = (index * 137.5 + (hashOf(profile.id, 7) % 40)) * (Math.PI / 180);
  const radius = 17 + index * 4.2;
  const left = 50 + Math.cos(angle) * radius;
  const top = 50 + Math.sin(angle) * radius * 0.9;
  return signupLink(
    ctx,
    t('landers:meet', { name: nameAge(profile) }),
    html`${photo(ctx, profile, { className: 'ldr-pin-photo', width: 56, height: 56, isDecorative: true, isEager: index < 2 })}`,
    'ldr-pin',
    `left:${left.toFixed(1)}%;top:${top.toFixed(1)}%`,
  );
})}
</div>
<div class="ldr-map-list">
<h2 class="ldr-section-title">${nearText(ctx, 'maplanding.nearby')}</h2>
<ul class="ldr-list">
${pins
  .slice(0, 5)
  .map(
    (profile) =>
      html`<li>${signupLink(
        ctx,
        t('landers:meet', { name: nameAge(profile) }),
        html`${photo(ctx, profile, { className: 'ldr-list-photo', width: 56, height: 56, isDecorative: true })}<span><span class="ldr-list-name">${nameAge(
          profile,
        )}</span>${
          placeOf(profile) ? html`<span class="ldr-place">${raw(icon('map-pin', 14))}${placeOf(profile)}</span>` : ''
        }</span>`,
        'ldr-list-item',
      )}</li>`,
  )}
</ul>
${cta(ctx, { icon: 'map-pin' })}
</div>
</div>
</section>`;
}

function socialnetwork(ctx: MarkupContext): SafeHtml {
  const { t } = ctx;
  const posts = profilesOf(ctx, 4);
  const people = profilesOf(ctx, 8).slice(4);
  return html`<section class="container ldr-section ldr-social">
<div class="ldr-social-grid">
<div class="ldr-feed">
${intro(ctx)}
<div class="d-lg-none">${cta(ctx)}</div>
${posts.map(
  (profile, index) => html`<article class="ldr-post" aria-labelledby="ldr-post-${profile.id}">
<header class="ldr-post-head">${photo(ctx, profile, { className: 'ldr-avatar', width: 44, height: 44, isDecorative: true })}
<div><h2 class="ldr-post-name" id="ldr-post-${profile.id}">${nameAge(profile)}</h2>${
    placeOf(profile) ? html`<p class="ldr-post-meta">${placeOf(profile)}</p>` : ''
  }</div></header>
${photo(ctx, profile, { size: 'large', isEager: index === 0, className: 'ldr-post-photo', width: 600, height: 600 })}
<div class="ldr-post-actions">
${signupLink(ctx, t('landers:socialnetwork.likeLabel', { name: profile.name }), html`${raw(icon('heart', 20))}<span>${t('landers:socialnetwork.like')}</span>`, 'ldr-post-action')}
${signupLink(ctx, t('landers:socialnetwork.commentLabel', { name: profile.name }), html`${raw(icon('message-circle', 20))}<span>${t('landers:socialnetwork.write')}</span>`, 'ldr-post-action')}
</div>
</article>`,
)}
</div>
<aside class="ldr-social-side" aria-labelledby="ldr-join-title">
<div class="ldr-side-card">
<h2 class="ldr-section-title" id="ldr-join-title">${t('landers:socialnetwork.joinTitle', { site: ctx.siteName })}</h2>
<p>${t('landers:socialnetwork.joinText')}</p>
${cta(ctx)}
</div>
${
  people.length
    ? html`<div class="ldr-side-card"><h2 class="ldr-section-title">${t('landers:socialnetwork.peopleTitle')}</h2><ul class="ldr-list">${people.map(
        (profile) =>
          html`<li>${signupLink(
            ctx,
            t('landers:meet', { name: nameAge(profile) }),
            html`${photo(ctx, profile, { className: 'ldr-list-photo', width: 56, height: 56, isDecorative: true })}<span><span class="ldr-list-name">${nameAge(
              profile,
            )}</span>${placeOf(profile) ? html`<span class="ldr-place">${placeOf(profile)}</span>` : ''}</span>`,
            'ldr-list-item',
          )}</li>`,
      )}</ul></div>`
    : ''
}
</aside>
</div>
</section>`;
}

function transitionsvideolanding(ctx: MarkupContext): SafeHtml {
  const slides = profilesOf(ctx, 5);
  return html`<section class="ldr-reel">
<div class="container ldr-reel-grid">
<div class="ldr-reel-frame" style="--ldr-slides:${Math.max(slides.length, 1)}">
${slides.map(
  (profile, index) => html`<figure class="ldr-reel-slide" style="--ldr-index:${index}">
${photo(ctx, profile, { size: 'large', isEager: index === 0, className: 'ldr-reel-photo', width: 600, height: 800, isDecorative: index > 0 })}
<figcaption class="ldr-reel-caption">${nameAge(profile)}${placeOf(profile) ? html` · ${placeOf(profile)}` : ''}</figcaption>
</figure>`,
)}
<span class="ldr-reel-progress" aria-hidden="true"></span>
</div>
<div class="ldr-reel-text">
${intro(ctx)}
${cta(ctx, { icon: 'play' })}
</div>
</div>
</section>`;
}

function video(ctx: MarkupContext): SafeHtml {
  const { t } = ctx;
  const [caller, ...others] = profilesOf(ctx, 5);
  return html`<section class="ldr-call">
<div class="container ldr-narrow">
${intro(ctx, { isCentered: true })}
${
  caller
    ? html`<div class="ldr-call-screen">
${photo(ctx, caller, { size: 'large', isEager: true, className: 'ldr-call-photo', width: 600, height: 800 })}
<div class="ldr-call-name"><p class="mb-1">${nameAge(caller)}${placeOf(caller) ? html` · ${placeOf(caller)}` : ''}</p>${activity(ctx, caller)}</div>
<div class="ldr-call-bar">
${signupLink(ctx, t('landers:video.hello', { name: caller.name }), raw(icon('message-circle', 26)), 'ldr-round ldr-round-like ldr-round-lg')}
</div>
</div>`
    : ''
}
<div class="text-center my-4">${cta(ctx, { icon: 'message-circle' })}</div>
${
  others.length
    ? html`<h2 class="ldr-section-title text-center">${nearText(ctx, 'video.more')}</h2>
<ul class="ldr-faces ldr-faces-4">${others.map(
        (profile) =>
          html`<li>${signupLink(
            ctx,
            t('landers:meet', { name: nameAge(profile) }),
            html`${photo(ctx, profile, { className: 'ldr-face-photo', width: 160, height: 160, isDecorative: true })}<span class="ldr-face-name">${nameAge(profile)}</span>`,
            'ldr-face',
          )}</li>`,
      )}</ul>`
    : ''
}
</div>
</section>`;
}

function memberLanding(ctx: MarkupContext, member: LanderProfile): SafeHtml {
  const { t } = ctx;
  return html`<section class="container ldr-section ldr-member">
<div class="ldr-member-grid">
<div class="ldr-member-photo-wrap">${photo(ctx, member, { size: 'large', isEager: true, className: 'ldr-member-photo', width: 600, height: 800 })}${activity(ctx, member)}</div>
<div class="ldr-member-text">
<p class="ldr-kicker">${nameAge(member)}${placeOf(member) ? html` · ${placeOf(member)}` : ''}</p>
${intro(ctx)}

${cta(ctx, { icon: 'message-circle' })}
<p class="ldr-hint">${t('landers:member.free')}</p>
</div>
</div>
</section>`;
}

function memberLanding2(ctx: MarkupContext, member: LanderProfile): SafeHtml {
  const { t } = ctx;
  return html`<section class="container ldr-section ldr-member2">
${intro(ctx, { isCentered: true })}
<div class="ldr-phone">
<header class="ldr-phone-head">${photo(ctx, member, { className: 'ldr-avatar', width: 44, height: 44, isDecorative: true, isEager: true })}
<div><p class="ldr-phone-name">${nameAge(member)}</p>${activity(ctx, member)}</div></header>
<div class="ldr-phone-body">
<p class="ldr-phone-empty">${t('landers:member.landing2.empty', { name: member.name })}</p>
</div>
${signupLink(ctx, t('landers:member.landing2.reply', { name: member.name }), html`<span>${t('landers:member.landing2.placeholder')}</span>${raw(icon('send-horizontal', 20))}`, 'ldr-phone-input')}
</div>
<div class="text-center mt-4">${cta(ctx, { icon: 'message-circle' })}</div>
</section>`;
}

function memberLanding3(ctx: MarkupContext, member: LanderProfile): SafeHtml {
  const { t } = ctx;
  return html`<section class="container ldr-section ldr-member3">
<div class="ldr-member-grid">
<div class="ldr-private">
<div class="ldr-private-main">${photo(ctx, member, { size: 'large', isEager: true, className: 'ldr-member-photo', width: 600, height: 800 })}</div>
${Array.from(
  // One locked tile per private photo the member really has (at most 3); nothing of the photo itself is shown.
  { length: Math.min(ctx.payload.private_photo_count, 3) },
  (_, index) =>
    html`<div class="ldr-private-tile ldr-private-${index}"><span class="ldr-private-lock">${raw(icon('lock', 22))}<span>${t(
      'landers:member.landing3.privatePhoto',
    )}</span></span></div>`,
)}
</div>
<div class="ldr-member-text">
<p class="ldr-kicker">${nameAge(member)}${placeOf(member) ? html` · ${placeOf(member)}` : ''}</p>
${intro(ctx)}

${cta(ctx, { icon: 'lock' })}
<p class="ldr-hint">${t('landers:member.free')}</p>
</div>
</div>
</section>`;
}

const LANDERS = {
  tinderswipe,
  alonetonight,
  collagelanding,
  gallery,
  iconslanding,
  maplanding,
  socialnetwork,
  transitionsvideolanding,
  video,
} as const;

/** The page's content, inside the lander layout's main element. */
export function renderLanderContent(ctx: MarkupContext): string {
  const { payload } = ctx;
  let body: SafeHtml;
  if (payload.kind === 'member') {
    const member = payload.member!;
    body =
      payload.name === 'landing2'
        ? memberLanding2(ctx, member)
        : payload.name === 'landing3'
          ? memberLanding3(ctx, member)
          : memberLanding(ctx, member);
  } else {
    body = LANDERS[payload.name as keyof typeof LANDERS](ctx);
  }
  return html`<div class="ldr ldr-${payload.name} ldr-niche-${String(payload.niche)}" data-lander="${payload.name}" data-lander-path="${payload.path}">${body}</div>`
    .value;
}

/** The lander layout's logo bar as features/layout's LogoBar renders it (same classes, so the swap moves nothing). */
export function renderLogoBar(options: { siteName: string; navLabel: string; homeLabel: string }): string {
  return html`<header class="site-header"><nav aria-label="${options.navLabel}" class="border-bottom py-2 navbar navbar-expand navbar-light bg-white"><div class="justify-content-center container"><a aria-label="${
    options.homeLabel
  }" class="m-0 navbar-brand" href="/"><span class="site-logo d-inline-flex align-items-center gap-2"><span class="site-logo-mark" aria-hidden="true">${raw(
    `<svg xmlns="http://www.w3.org/2000/svg" width="18" height="18" viewBox="0 0 24 24" fill="currentColor" stroke="currentColor" stroke-width="1.5" stroke-linecap="round" stroke-linejoin="round" class="lucide lucide-heart" aria-hidden="true"><path d="M2 9.5a5.5 5.5 0 0 1 9.591-3.676.56.56 0 0 0 .818 0A5.49 5.49 0 0 1 22 9.5c0 2.29-1.5 4-3 5.5l-5.492 5.313a2 2 0 0 1-3 .019L5 15c-1.5-1.5-3-3.2-3-5.5"></path></svg>`,
  )}</span><span class="site-logo-name">${options.siteName}</span></span></a></div></nav></header>`.value;
}
