// A "Sign up" link: opens the signup modal where the layout has one, else (or on middle-click) the signup page.
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { FIRST_VIEW_REPLAY_ATTRIBUTE } from '@app/contracts';
import { paths } from '../config/paths.ts';
import { isSignupModalAvailable, openSignupModal } from '../lib/signup-modal-store.ts';

type SignupLinkProps = { className?: string; children: ReactNode; targetProfileId?: number };

export function SignupLink({ className, children, targetProfileId }: SignupLinkProps) {
  const href = targetProfileId ? paths.membersIdSignup.getHref(targetProfileId) : paths.signup.getHref();
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    const isPlainClick = event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
    if (!isPlainClick || !isSignupModalAvailable()) return;
    event.preventDefault();
    openSignupModal({ targetProfileId });
  };
  return (
    // On a server-written first view, a click before the app runs is kept and made again once it does (lib/first-view.ts),
    // so it opens the modal rather than leaving for the signup page.
    <Link to={href} className={className} onClick={onClick} {...{ [FIRST_VIEW_REPLAY_ATTRIBUTE]: '' }}>
      {children}
    </Link>
  );
}
