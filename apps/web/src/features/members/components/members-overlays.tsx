// The members' modals every page of the default layout can open: the like modal (and the ?t= like pop-up) and the login/premium/activation notices.
import { ResendActivationButton } from '../../activation/index.ts';
import { LikeModalHost } from '../../likes/index.ts';
import { MemberNoticeModal } from '../../../components/member-notice-modal.tsx';

export function MembersOverlays() {
  return (
    <>
      <LikeModalHost />
      <MemberNoticeModal activationAction={<ResendActivationButton />} />
    </>
  );
}
