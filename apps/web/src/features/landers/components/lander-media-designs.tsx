// Four of the landers' designs (docs/landers.md): the map, the social feed, the film of photos and the large portrait
// ("video": nothing is downloaded, no video file ships). Every call to action is a real link to the signup page.
import type { CSSProperties } from 'react';
import { ChatIcon, HeartIcon, MapPinIcon, PlayIcon } from '../../../components/icons.tsx';
import { Faces, Place } from './lander-designs.tsx';
import {
  Activity,
  Cta,
  Intro,
  MeetLink,
  Photo,
  SignupLink,
  hashOf,
  nameAge,
  nameAndPlace,
  profilesOf,
  useLanderContext,
  useNearText,
} from './lander-parts.tsx';
import type { LanderProfile } from '@app/contracts';

/** A compact row: the photo, the name and the place, a link to the signup page. */
function ListItems({ profiles, iconSize }: { profiles: LanderProfile[]; iconSize?: number }) {
  return (
    <ul className="ldr-list">
      {profiles.map((profile) => (
        <li key={profile.id}>
          <MeetLink profile={profile} className="ldr-list-item">
            <Photo profile={profile} className="ldr-list-photo" width={56} height={56} isDecorative />
            <span>
              <span className="ldr-list-name">{nameAge(profile)}</span>
              <Place profile={profile} iconSize={iconSize} />
            </span>
          </MeetLink>
        </li>
      ))}
    </ul>
  );
}

/** A pin on the map: a spiral around the centre (golden angle, so no two meet), nearer profiles closer to "you". */
function pinPosition(profile: LanderProfile, index: number): CSSProperties {
  const angle = (index * 137.5 + (hashOf(profile.id, 7) % 40)) * (Math.PI / 180);
  const radius = 17 + index * 4.2;
  const left = 50 + Math.cos(angle) * radius;
  const top = 50 + Math.sin(angle) * radius * 0.9;
  return { left: `${left.toFixed(1)}%`, top: `${top.toFixed(1)}%` };
}

export function Maplanding() {
  const { t, payload } = useLanderContext();
  const near = useNearText();
  const pins = profilesOf(payload, 8);
  return (
    <section className="container ldr-section ldr-maplanding">
      <Intro isCentered />
      <div className="ldr-map-wrap">
        <div className="ldr-map" role="group" aria-label={near('maplanding.mapLabel')}>
          {/* "You" in the middle only when the members around are near the visitor. */}
          {payload.is_near && (
            <>
              <span className="ldr-map-you" aria-hidden="true">
                <span className="ldr-map-pulse"></span>
              </span>
              <span className="visually-hidden">{t('landers:maplanding.you')}</span>
            </>
          )}
          {pins.map((profile, index) => (
            <SignupLink
              key={profile.id}
              label={t('landers:meet', { name: nameAge(profile) })}
              className="ldr-pin"
              style={pinPosition(profile, index)}
            >
              <Photo
                profile={profile}
                className="ldr-pin-photo"
                width={56}
                height={56}
                isDecorative
                isEager={index < 2}
              />
            </SignupLink>
          ))}
        </div>
        <div className="ldr-map-list">
          <h2 className="ldr-section-title">{near('maplanding.nearby')}</h2>
          <ListItems profiles={pins.slice(0, 5)} iconSize={14} />
          <Cta icon={MapPinIcon} />
        </div>
      </div>
    </section>
  );
}

function Post({ profile, index }: { profile: LanderProfile; index: number }) {
  const { t } = useLanderContext();
  const headingId = `ldr-post-${profile.id}`;
  return (
    <article className="ldr-post" aria-labelledby={headingId}>
      <header className="ldr-post-head">
        <Photo profile={profile} className="ldr-avatar" width={44} height={44} isDecorative />
        <div>
          <h2 className="ldr-post-name" id={headingId}>
            {nameAge(profile)}
          </h2>
          {profile.place && <p className="ldr-post-meta">{profile.place}</p>}
        </div>
      </header>
      <Photo profile={profile} size="large" isEager={index === 0} className="ldr-post-photo" width={600} height={600} />
      <div className="ldr-post-actions">
        <SignupLink label={t('landers:socialnetwork.likeLabel', { name: profile.name })} className="ldr-post-action">
          <HeartIcon size={20} />
          <span>{t('landers:socialnetwork.like')}</span>
        </SignupLink>
        <SignupLink label={t('landers:socialnetwork.commentLabel', { name: profile.name })} className="ldr-post-action">
          <ChatIcon size={20} />
          <span>{t('landers:socialnetwork.write')}</span>
        </SignupLink>
      </div>
    </article>
  );
}

export function Socialnetwork() {
  const { t, payload, siteName } = useLanderContext();
  const people = profilesOf(payload, 8).slice(4);
  return (
    <section className="container ldr-section ldr-social">
      <div className="ldr-social-grid">
        <div className="ldr-feed">
          <Intro />
          <div className="d-lg-none">
            <Cta />
          </div>
          {profilesOf(payload, 4).map((profile, index) => (
            <Post key={profile.id} profile={profile} index={index} />
          ))}
        </div>
        <aside className="ldr-social-side" aria-labelledby="ldr-join-title">
          <div className="ldr-side-card">
            <h2 className="ldr-section-title" id="ldr-join-title">
              {t('landers:socialnetwork.joinTitle', { site: siteName })}
            </h2>
            <p>{t('landers:socialnetwork.joinText')}</p>
            <Cta />
          </div>
          {people.length > 0 && (
            <div className="ldr-side-card">
              <h2 className="ldr-section-title">{t('landers:socialnetwork.peopleTitle')}</h2>
              <ListItems profiles={people} />
            </div>
          )}
        </aside>
      </div>
    </section>
  );
}

/** A film made of the profiles' photos, cross-faded and slowly zoomed in CSS. */
export function Transitionsvideolanding() {
  const { payload } = useLanderContext();
  const slides = profilesOf(payload, 5);
  return (
    <section className="ldr-reel">
      <div className="container ldr-reel-grid">
        <div className="ldr-reel-frame" style={{ '--ldr-slides': Math.max(slides.length, 1) } as CSSProperties}>
          {slides.map((profile, index) => (
            <figure key={profile.id} className="ldr-reel-slide" style={{ '--ldr-index': index } as CSSProperties}>
              <Photo
                profile={profile}
                size="large"
                isEager={index === 0}
                className="ldr-reel-photo"
                width={600}
                height={800}
                isDecorative={index > 0}
              />
              <figcaption className="ldr-reel-caption">{nameAndPlace(profile)}</figcaption>
            </figure>
          ))}
          <span className="ldr-reel-progress" aria-hidden="true"></span>
        </div>
        <div className="ldr-reel-text">
          <Intro />
          <Cta icon={PlayIcon} />
        </div>
      </div>
    </section>
  );
}

/** A large portrait of one member with their place and real activity, and one "Say hello" link. */
export function Video() {
  const { t, payload } = useLanderContext();
  const near = useNearText();
  const [caller, ...others] = profilesOf(payload, 5);
  return (
    <section className="ldr-call">
      <div className="container ldr-narrow">
        <Intro isCentered />
        {caller && (
          <div className="ldr-call-screen">
            <Photo profile={caller} size="large" isEager className="ldr-call-photo" width={600} height={800} />
            <div className="ldr-call-name">
              <p className="mb-1">{nameAndPlace(caller)}</p>
              <Activity profile={caller} />
            </div>
            <div className="ldr-call-bar">
              <SignupLink
                label={t('landers:video.hello', { name: caller.name })}
                className="ldr-round ldr-round-like ldr-round-lg"
              >
                <ChatIcon size={26} />
              </SignupLink>
            </div>
          </div>
        )}
        <div className="text-center my-4">
          <Cta icon={ChatIcon} />
        </div>
        {others.length > 0 && (
          <>
            <h2 className="ldr-section-title text-center">{near('video.more')}</h2>
            <Faces profiles={others} hasPlace={false} className="ldr-faces ldr-faces-4" />
          </>
        )}
      </div>
    </section>
  );
}
