// Pieces of the conversation's top bar (chat-top-bar.tsx): back to the list, the partner's photo and name, the
// member's coin count, and the info dropdown.
import { Dropdown } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ChatPartner } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { MemberPhoto } from '../../../components/member-photo.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { CoinsIcon } from '../../../components/member-icons.tsx';
import { useUser } from '../../../lib/session/get-user.ts';
import type { ReportSubject } from '../../reports/index.ts';

const InfoIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <circle cx="12" cy="12" r="10" fill="none" stroke="currentColor" strokeWidth="2" />
    <path d="M12 11v6M12 7.5v.5" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
  </svg>
);

const BackIcon = () => (
  <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
    <path
      d="M15 5 8 12l7 7"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.2"
      strokeLinecap="round"
      strokeLinejoin="round"
    />
  </svg>
);

/** Back to the list (phones only), and the partner's photo and name linking to their profile. */
export function PartnerHeading({ partner }: { partner: ChatPartner }) {
  const { t } = useTranslation('chat');
  return (
    <>
      <Link to={paths.chats.getHref()} className="btn btn-light chat-back d-lg-none" aria-label={t('topBar.back')}>
        <BackIcon />
      </Link>
      <Link to={paths.membersId.getHref(partner.id)} className="chat-partner">
        <MemberPhoto image={partner.main_image} alt="" shape="round" size={40} isLazy={false} />
        <span className="chat-partner-name">
          {partner.name}
          {partner.is_verified && <VerifiedBadge className="ms-1" />}
        </span>
      </Link>
    </>
  );
}

/** The member's coin count, linking to the credits page. */
export function ChatCoins() {
  const { t: tMembers } = useTranslation('members');
  const { data: user } = useUser();
  const credits = user?.credits ?? 0;
  return (
    <Link
      to={paths.credits.getHref()}
      className="chat-coins"
      title={tMembers('nav.creditsLeft', { count: credits })}
      data-testid="chat-coins"
    >
      <CoinsIcon size={18} />
      <span aria-hidden="true">{credits}</span>
      <span className="visually-hidden">{tMembers('nav.creditsLeft', { count: credits })}</span>
    </Link>
  );
}

type ChatInfoMenuProps = {
  partner: ChatPartner;
  conversationId: number | null;
  onReport: (subject: ReportSubject) => void;
  onConfirm: (action: 'block' | 'delete') => void;
};

/** The info dropdown: view profile, report, block, delete conversation (block and delete are confirmed first). */
export function ChatInfoMenu({ partner, conversationId, onReport, onConfirm }: ChatInfoMenuProps) {
  const { t } = useTranslation('chat');
  const { t: tMembers } = useTranslation('members');
  const { t: tReports } = useTranslation('reports');
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="light" className="chat-info-toggle" aria-label={t('topBar.info')}>
        <InfoIcon />
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as={Link} to={paths.membersId.getHref(partner.id)}>
          {t('topBar.viewProfile')}
        </Dropdown.Item>
        <Dropdown.Item as="button" onClick={() => onReport({ profile: partner, target: 'profile' })}>
          {tReports('action.report')}
        </Dropdown.Item>
        <Dropdown.Item as="button" onClick={() => onConfirm('block')}>
          {tMembers('profile.block')}
        </Dropdown.Item>
        {conversationId !== null && (
          <Dropdown.Item as="button" className="text-danger" onClick={() => onConfirm('delete')}>
            {t('topBar.delete')}
          </Dropdown.Item>
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}
