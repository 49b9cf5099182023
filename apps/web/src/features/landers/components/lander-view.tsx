// A landing page's first view (docs/landers.md): the lander's design (or the experiment's variant the payload names)
// or the member landing, inside one root element the web app adopts by its `data-lander-path`. Rendered by the server
// (app/lander-render.tsx, through entry-server.tsx) into index.html and into landers.php's answer.
import type { ReactNode } from 'react';
import type { LanderName } from '@app/contracts';
import { Logo } from '../../../components/logo.tsx';
import { Alonetonight, Collagelanding, Gallery, Iconslanding, Tinderswipe } from './lander-designs.tsx';
import { Maplanding, Socialnetwork, Transitionsvideolanding, Video } from './lander-media-designs.tsx';
import { LanderContext, type LanderContextValue } from './lander-parts.tsx';
import { MemberLanding, MemberLanding2, MemberLanding3 } from './member-landings.tsx';

const LANDERS: Record<LanderName, () => ReactNode> = {
  tinderswipe: Tinderswipe,
  alonetonight: Alonetonight,
  collagelanding: Collagelanding,
  gallery: Gallery,
  iconslanding: Iconslanding,
  maplanding: Maplanding,
  socialnetwork: Socialnetwork,
  transitionsvideolanding: Transitionsvideolanding,
  video: Video,
};

function LanderBody({ value }: { value: LanderContextValue }) {
  const { payload } = value;
  if (payload.kind === 'member' && payload.member) {
    const member = payload.member;
    if (payload.name === 'landing2') return <MemberLanding2 member={member} />;
    if (payload.name === 'landing3') return <MemberLanding3 member={member} />;
    return <MemberLanding member={member} />;
  }
  const Design = LANDERS[payload.name as LanderName];
  return <Design />;
}

/** The page's content, inside the lander layout's main element. */
export function LanderView(props: LanderContextValue) {
  const { payload } = props;
  return (
    <LanderContext value={props}>
      <div
        className={`ldr ldr-${payload.name} ldr-niche-${String(payload.niche)}`}
        data-lander={payload.name}
        data-lander-path={payload.path}
      >
        <LanderBody value={props} />
      </div>
    </LanderContext>
  );
}

/** The lander layout's logo bar as features/layout's LogoBar renders it (same markup, so the swap moves nothing). */
export function LanderLogoBar({
  siteName,
  navLabel,
  homeLabel,
}: {
  siteName: string;
  navLabel: string;
  homeLabel: string;
}) {
  return (
    <header className="site-header">
      <nav aria-label={navLabel} className="border-bottom py-2 navbar navbar-expand navbar-light bg-white">
        <div className="justify-content-center container">
          <a aria-label={homeLabel} className="m-0 navbar-brand" href="/">
            <Logo name={siteName} />
          </a>
        </div>
      </nav>
    </header>
  );
}
