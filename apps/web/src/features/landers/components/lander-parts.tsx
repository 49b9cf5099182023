// The parts every landing page is made of (docs/landers.md): photos, the member's activity, the call to action (a real
// link to the signup page), the intro. Rendered on the server (entry-server.tsx) into the lander's first view.
import { createContext, use, type CSSProperties, type ReactNode } from 'react';
import type { TFunction } from 'i18next';
import type { LanderPayload, LanderProfile } from '@app/contracts';
import { HeartIcon, type IconProps } from '../../../components/icons.tsx';

export type LanderContextValue = {
  payload: LanderPayload;
  siteName: string;
  /** Translator fixed to the lander's language (namespace `landers` by prefix). */
  t: TFunction;
  /** Where a lander's call to action leads without scripts: the signup page. */
  signupHref: string;
};

export const LanderContext = createContext<LanderContextValue | null>(null);

export function useLanderContext(): LanderContextValue {
  const value = use(LanderContext);
  if (!value) throw new Error('a lander part outside LanderView');
  return value;
}

export const nameAge = (profile: LanderProfile) => (profile.age ? `${profile.name}, ${profile.age}` : profile.name);

/** A deterministic spread for map pins: the same profile sits at the same place on every visit. */
export function hashOf(value: number, salt: number): number {
  let hash = (value * 2654435761 + salt * 40503) >>> 0;
  hash ^= hash >>> 15;
  return (hash * 2246822519) >>> 0;
}

type PhotoProps = {
  profile: LanderProfile;
  size?: 'thumb' | 'large';
  isEager?: boolean;
  className?: string;
  width?: number;
  height?: number;
  isDecorative?: boolean;
};

export function Photo({
  profile,
  size = 'thumb',
  isEager = false,
  className = 'ldr-photo',
  width = 400,
  height = 400,
  isDecorative = false,
}: PhotoProps) {
  const { t } = useLanderContext();
  const image = profile.main_image;
  if (!image)
    return (
      <span className={`${className} ldr-photo-empty`} aria-hidden="true">
        <HeartIcon size={48} />
      </span>
    );
  return (
    <img
      className={className}
      src={size === 'large' ? image.filename : image.thumb_filename}
      alt={isDecorative ? '' : t('landers:photoAlt', { name: profile.name })}
      width={width}
      height={height}
      decoding="async"
      {...(isEager ? { fetchPriority: 'high' as const } : { loading: 'lazy' as const })}
    />
  );
}

/** The member's activity in the app's own words and by its one rule (member-core's card: today, this week). */
export function Activity({ profile }: { profile: LanderProfile }) {
  const { t } = useLanderContext();
  if (!profile.activity) return null;
  return (
    <span className={`ldr-activity ldr-activity-${profile.activity}`}>
      <span className="ldr-dot" aria-hidden="true"></span>
      {t(`members:discovery.activity.${profile.activity}`)}
    </span>
  );
}

/**
 * A text that says "near you" in its `…Near` form, used only when every profile the page shows is near the visitor
 * (the payload's `is_near`); otherwise the text without the claim (docs/landers.md, "Honest ads").
 */
export function useNearText(): (key: string) => string {
  const { t, payload } = useLanderContext();
  return (key) => t(`landers:${key}${payload.is_near ? 'Near' : ''}`);
}

function useSignupTarget() {
  const { payload, signupHref } = useLanderContext();
  return { href: payload.signup_href ?? signupHref, kind: payload.kind === 'member' ? 'member' : 'modal' };
}

/** The call to action: a real link to the signup page, which the web app turns into the signup modal. */
export function Cta({ label, icon: Icon }: { label?: string; icon?: (props: IconProps) => ReactNode }) {
  const { payload } = useLanderContext();
  const { href, kind } = useSignupTarget();
  return (
    <a className="ldr-cta" href={href} data-lander-signup={kind}>
      {Icon && <Icon size={20} />}
      <span>{label ?? payload.texts.cta}</span>
    </a>
  );
}

/** A small link-sized call to action around other content (a card, a pin): its label names the profile. */
export function SignupLink(props: { label: string; className: string; style?: CSSProperties; children: ReactNode }) {
  const { href, kind } = useSignupTarget();
  return (
    <a className={props.className} href={href} data-lander-signup={kind} aria-label={props.label} style={props.style}>
      {props.children}
    </a>
  );
}

/** A link that names the profile it leads from ("Meet …"). */
export function MeetLink({
  profile,
  className,
  children,
}: {
  profile: LanderProfile;
  className: string;
  children: ReactNode;
}) {
  const { t } = useLanderContext();
  return (
    <SignupLink label={t('landers:meet', { name: nameAge(profile) })} className={className}>
      {children}
    </SignupLink>
  );
}

export function Intro({ isCentered = false, headingId }: { isCentered?: boolean; headingId?: string }) {
  const { texts } = useLanderContext().payload;
  return (
    <div className={`ldr-intro${isCentered ? ' text-center' : ''}`}>
      <h1 className="ldr-headline" id={headingId}>
        {texts.headline}
      </h1>
      <p className="ldr-lead">{texts.lead}</p>
    </div>
  );
}

/** The name and the place after it (" · Utrecht"), when there is one. */
export const nameAndPlace = (profile: LanderProfile) =>
  profile.place ? `${nameAge(profile)} · ${profile.place}` : nameAge(profile);

export const profilesOf = (payload: LanderPayload, count: number) => payload.profiles.slice(0, count);
