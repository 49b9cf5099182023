// The member landings (docs/landers.md, "Honest ads"): a member who agreed to appear in the site's ads, their photo
// and real activity, an empty conversation to write into (landing2), or as many locked tiles as private photos they
// really have (landing3). Every call to action is a real link to the member's signup page.
import type { LanderProfile } from '@app/contracts';
import { ChatIcon, LockIcon, SendIcon } from '../../../components/icons.tsx';
import { Activity, Cta, Intro, Photo, SignupLink, nameAge, nameAndPlace, useLanderContext } from './lander-parts.tsx';

function MemberText({ member, icon }: { member: LanderProfile; icon: typeof ChatIcon }) {
  const { t } = useLanderContext();
  return (
    <div className="ldr-member-text">
      <p className="ldr-kicker">{nameAndPlace(member)}</p>
      <Intro />
      <Cta icon={icon} />
      <p className="ldr-hint">{t('landers:member.free')}</p>
    </div>
  );
}

export function MemberLanding({ member }: { member: LanderProfile }) {
  return (
    <section className="container ldr-section ldr-member">
      <div className="ldr-member-grid">
        <div className="ldr-member-photo-wrap">
          <Photo profile={member} size="large" isEager className="ldr-member-photo" width={600} height={800} />
          <Activity profile={member} />
        </div>
        <MemberText member={member} icon={ChatIcon} />
      </div>
    </section>
  );
}

export function MemberLanding2({ member }: { member: LanderProfile }) {
  const { t } = useLanderContext();
  return (
    <section className="container ldr-section ldr-member2">
      <Intro isCentered />
      <div className="ldr-phone">
        <header className="ldr-phone-head">
          <Photo profile={member} className="ldr-avatar" width={44} height={44} isDecorative isEager />
          <div>
            <p className="ldr-phone-name">{nameAge(member)}</p>
            <Activity profile={member} />
          </div>
        </header>
        <div className="ldr-phone-body">
          <p className="ldr-phone-empty">{t('landers:member.landing2.empty', { name: member.name })}</p>
        </div>
        <SignupLink label={t('landers:member.landing2.reply', { name: member.name })} className="ldr-phone-input">
          <span>{t('landers:member.landing2.placeholder')}</span>
          <SendIcon size={20} />
        </SignupLink>
      </div>
      <div className="text-center mt-4">
        <Cta icon={ChatIcon} />
      </div>
    </section>
  );
}

export function MemberLanding3({ member }: { member: LanderProfile }) {
  const { t, payload } = useLanderContext();
  // One locked tile per private photo the member really has (at most 3); nothing of the photo itself is shown.
  const tiles = Array.from({ length: Math.min(payload.private_photo_count, 3) }, (_, index) => index);
  return (
    <section className="container ldr-section ldr-member3">
      <div className="ldr-member-grid">
        <div className="ldr-private">
          <div className="ldr-private-main">
            <Photo profile={member} size="large" isEager className="ldr-member-photo" width={600} height={800} />
          </div>
          {tiles.map((index) => (
            <div key={index} className={`ldr-private-tile ldr-private-${index}`}>
              <span className="ldr-private-lock">
                <LockIcon size={22} />
                <span>{t('landers:member.landing3.privatePhoto')}</span>
              </span>
            </div>
          ))}
        </div>
        <MemberText member={member} icon={LockIcon} />
      </div>
    </section>
  );
}
