// Five of the landers' designs (docs/landers.md): the swipe stack, the night sky, the collage, the gallery and the
// feature icons. Every call to action is a real link to the signup page (lander-parts.tsx).
import type { CSSProperties } from 'react';
import type { LanderProfile } from '@app/contracts';
import { ChatIcon, CloseIcon, HeartIcon, MapPinIcon, ShieldIcon, SparklesIcon } from '../../../components/icons.tsx';
import {
  Activity,
  Cta,
  Intro,
  MeetLink,
  Photo,
  nameAge,
  nameAndPlace,
  profilesOf,
  useLanderContext,
  useNearText,
} from './lander-parts.tsx';

export function Place({
  profile,
  iconSize,
  isParagraph = false,
}: {
  profile: LanderProfile;
  iconSize?: number;
  isParagraph?: boolean;
}) {
  if (!profile.place) return null;
  const content = (
    <>
      {iconSize && <MapPinIcon size={iconSize} />}
      {profile.place}
    </>
  );
  return isParagraph ? <p className="ldr-place">{content}</p> : <span className="ldr-place">{content}</span>;
}

function SwipeCard({ profile, index }: { profile: LanderProfile; index: number }) {
  return (
    <article
      className="ldr-swipe-card"
      data-lander-card=""
      style={{ '--ldr-depth': index } as CSSProperties}
      aria-label={nameAge(profile)}
      aria-hidden={index === 0 ? undefined : 'true'}
    >
      <Photo
        profile={profile}
        size="large"
        isEager={index === 0}
        className="ldr-swipe-photo"
        width={600}
        height={800}
        isDecorative
      />
      <div className="ldr-swipe-caption">
        <p className="ldr-swipe-name">{nameAge(profile)}</p>
        <Place profile={profile} iconSize={16} isParagraph />
        <Activity profile={profile} />
      </div>
    </article>
  );
}

export function Tinderswipe() {
  const { t, payload } = useLanderContext();
  const near = useNearText();
  const cards = profilesOf(payload, 6);
  return (
    <section className="ldr-swipe">
      <div className="container ldr-narrow">
        <Intro isCentered />
        <div className={`ldr-swipe-stack${cards.length ? '' : ' is-done'}`} data-lander-stack="">
          <div className="ldr-swipe-match" aria-live="polite">
            <span className="ldr-match-icon">
              <HeartIcon size={40} />
            </span>
            <h2 className="ldr-match-title">{t('landers:tinderswipe.matchTitle')}</h2>
            <p>{t('landers:tinderswipe.matchText')}</p>
            <Cta />
          </div>
          {/* The stack is written bottom card first: the top card is the last one. */}
          {cards
            .map((profile, index) => ({ profile, index }))
            .reverse()
            .map(({ profile, index }) => (
              <SwipeCard key={profile.id} profile={profile} index={index} />
            ))}
        </div>
        <div className="ldr-swipe-actions">
          <button type="button" className="ldr-round ldr-round-nope" data-lander-swipe="nope">
            <CloseIcon size={30} />
            <span className="visually-hidden">{t('landers:tinderswipe.nope')}</span>
          </button>
          <button type="button" className="ldr-round ldr-round-like" data-lander-swipe="like">
            <HeartIcon size={30} />
            <span className="visually-hidden">{t('landers:tinderswipe.like')}</span>
          </button>
        </div>
        <p className="ldr-hint">{near('tinderswipe.hint')}</p>
        <div className="text-center mt-3">
          <Cta />
        </div>
      </div>
    </section>
  );
}

/** Round faces with their names, each a link to the signup page. */
export function Faces({
  profiles,
  hasPlace,
  className = 'ldr-faces',
}: {
  profiles: LanderProfile[];
  hasPlace: boolean;
  className?: string;
}) {
  return (
    <ul className={className}>
      {profiles.map((profile) => (
        <li key={profile.id}>
          <MeetLink profile={profile} className="ldr-face">
            <Photo profile={profile} className="ldr-face-photo" width={160} height={160} isDecorative />
            <span className="ldr-face-name">{nameAge(profile)}</span>
            {hasPlace && profile.place && <span className="ldr-face-place">{profile.place}</span>}
          </MeetLink>
        </li>
      ))}
    </ul>
  );
}

export function Alonetonight() {
  const { payload } = useLanderContext();
  const near = useNearText();
  const [first, ...rest] = profilesOf(payload, 9);
  return (
    <>
      <section className="ldr-night">
        <div className="ldr-stars" aria-hidden="true"></div>
        <div className="container ldr-night-hero">
          <div className="ldr-night-text">
            <Intro />
            <Cta icon={ChatIcon} />
          </div>
          {first && (
            <div className="ldr-night-feature">
              <Photo profile={first} size="large" isEager className="ldr-night-photo" width={480} height={600} />
              <p className="ldr-night-caption">{nameAndPlace(first)}</p>
            </div>
          )}
        </div>
      </section>
      <section className="container ldr-section" aria-labelledby="ldr-online-title">
        <h2 className="ldr-section-title" id="ldr-online-title">
          {near('alonetonight.onlineTitle')}
        </h2>
        <Faces profiles={rest} hasPlace />
      </section>
    </>
  );
}

const COLLAGE_TILES = 20;

export function Collagelanding() {
  const { t, payload } = useLanderContext();
  const tiles = profilesOf(payload, 12);
  // The wall is always full: fewer profiles than tiles repeat.
  const wall = tiles.length ? Array.from({ length: COLLAGE_TILES }, (_, index) => tiles[index % tiles.length]!) : [];
  return (
    <section className="ldr-collage">
      <div className="ldr-collage-grid" aria-hidden="true">
        {wall.map((profile, index) => (
          <div key={index} className={`ldr-collage-tile ldr-tile-${index % 6}`}>
            <Photo profile={profile} isEager={index < 2} isDecorative className="ldr-collage-photo" />
          </div>
        ))}
      </div>
      <div className="ldr-collage-panel">
        <Intro isCentered />
        <Cta />
        <ul className="ldr-avatars" aria-label={t('landers:collagelanding.membersLabel')}>
          {tiles.slice(0, 5).map((profile) => (
            <li key={profile.id}>
              <Photo profile={profile} className="ldr-avatar" width={48} height={48} />
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

export function Gallery() {
  const { payload } = useLanderContext();
  return (
    <section className="container ldr-section ldr-gallery">
      <Intro isCentered />
      <div className="text-center mb-4">
        <Cta />
      </div>
      <ul className="ldr-cards">
        {profilesOf(payload, 12).map((profile, index) => (
          <li key={profile.id} className="ldr-card">
            <MeetLink profile={profile} className="ldr-card-link">
              <Photo
                profile={profile}
                isEager={index < 2}
                className="ldr-card-photo"
                width={400}
                height={400}
                isDecorative
              />
              <span className="ldr-card-body">
                <span className="ldr-card-name">{nameAge(profile)}</span>
                <Place profile={profile} iconSize={14} />
                <Activity profile={profile} />
              </span>
            </MeetLink>
          </li>
        ))}
      </ul>
    </section>
  );
}

const FEATURE_ICONS = { free: SparklesIcon, private: ShieldIcon, near: MapPinIcon, chat: ChatIcon } as const;

export function Iconslanding() {
  const { t, payload } = useLanderContext();
  return (
    <>
      <section className="ldr-icons-hero">
        <div className="container ldr-split">
          <div>
            <Intro />
            <Cta />
          </div>
          <ul className="ldr-bubbles" aria-label={t('landers:collagelanding.membersLabel')}>
            {profilesOf(payload, 6).map((profile, index) => (
              <li key={profile.id} className={`ldr-bubble ldr-bubble-${index}`}>
                <Photo profile={profile} isEager={index === 0} className="ldr-bubble-photo" width={160} height={160} />
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section className="container ldr-section" aria-labelledby="ldr-features-title">
        <h2 className="visually-hidden" id="ldr-features-title">
          {t('landers:iconslanding.featuresTitle')}
        </h2>
        <ul className="ldr-features">
          {(Object.keys(FEATURE_ICONS) as (keyof typeof FEATURE_ICONS)[]).map((key) => {
            const Icon = FEATURE_ICONS[key];
            return (
              <li key={key} className="ldr-feature">
                <span className="ldr-feature-icon">
                  <Icon size={28} />
                </span>
                <h3 className="ldr-feature-title">{t(`landers:iconslanding.features.${key}.title`)}</h3>
                <p>{t(`landers:iconslanding.features.${key}.text`)}</p>
              </li>
            );
          })}
        </ul>
      </section>
    </>
  );
}
