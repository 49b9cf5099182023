// The conversation's top bar: back to the list (phones), the partner's photo and name, the member's coin count, the
// connection state, and the info dropdown (view profile, report, block, delete conversation, each block/delete confirmed).
import { useState } from 'react';
import { Dropdown } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChatPartner } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { MemberPhoto } from '../../../components/member-photo.tsx';
import { VerifiedBadge } from '../../../components/verified-badge.tsx';
import { CoinsIcon } from '../../../components/member-icons.tsx';
import { useUser } from '../../../lib/session/get-user.ts';
import { toFormErrors } from '../../../lib/form-errors.ts';
import { useBlockMember } from '../../blocks/index.ts';
import { ReportModal, type ReportSubject } from '../../reports/index.ts';
import { chatKeys } from '../api/get-chats.ts';
import { useDeleteChat } from '../api/delete-chat.ts';
import { forgetPartner } from '../lib/chat-store.ts';
import { ConnectionState } from './connection-state.tsx';

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

type ChatTopBarProps = {
  partner: ChatPartner;
  conversationId: number | null;
  /** The report dialog's subject: the member (the info dropdown) or one of their messages (the flag beside it). */
  reportSubject: ReportSubject | null;
  onReport: (subject: ReportSubject | null) => void;
};

export function ChatTopBar({ partner, conversationId, reportSubject, onReport }: ChatTopBarProps) {
  const { t } = useTranslation('chat');
  const { t: tMembers } = useTranslation('members');
  const { data: user } = useUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const block = useBlockMember();
  const deleteChat = useDeleteChat();
  const [confirming, setConfirming] = useState<'block' | 'delete' | null>(null);
  const [hasReportBlocked, setHasReportBlocked] = useState(false);
  const { t: tReports } = useTranslation('reports');
  const credits = user?.credits ?? 0;

  const leaveBlocked = () => {
    forgetPartner(partner.id);
    // Blocking removes every chat with this member from the client (the list drops them through the block itself).
    queryClient.removeQueries({ queryKey: chatKeys.byProfile(partner.id) });
    if (conversationId !== null) queryClient.removeQueries({ queryKey: chatKeys.conversation(conversationId) });
  };

  const confirmBlock = () => {
    block.mutate(partner.id, {
      onSuccess: () => {
        setConfirming(null);
        leaveBlocked();
        void navigate(paths.chats.getHref(), { replace: true });
      },
    });
  };

  const confirmDelete = () => {
    if (conversationId === null) return;
    setConfirming(null);
    // SPEC section 4: gone from the list at once, then the delete is sent; a failure alerts and reloads the list.
    void navigate(paths.chats.getHref(), { replace: true });
    deleteChat.mutate(conversationId);
  };

  return (
    <header className="chat-top-bar">
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
      <div className="ms-auto d-flex align-items-center gap-2">
        <ConnectionState />
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
            <Dropdown.Item as="button" onClick={() => setConfirming('block')}>
              {tMembers('profile.block')}
            </Dropdown.Item>
            {conversationId !== null && (
              <Dropdown.Item as="button" className="text-danger" onClick={() => setConfirming('delete')}>
                {t('topBar.delete')}
              </Dropdown.Item>
            )}
          </Dropdown.Menu>
        </Dropdown>
      </div>
      <ConfirmModal
        isOpen={confirming === 'block'}
        title={tMembers('blocks.blockTitle', { name: partner.name })}
        confirmLabel={tMembers('profile.block')}
        isBusy={block.isPending}
        onConfirm={confirmBlock}
        onCancel={() => {
          block.reset();
          setConfirming(null);
        }}
      >
        <FormErrorAlert error={block.error ? toFormErrors(block.error).form : null} />
        <p className="mb-0">{tMembers('profile.blockConfirm', { name: partner.name })}</p>
      </ConfirmModal>
      <ReportModal
        subject={reportSubject}
        onBlocked={() => setHasReportBlocked(true)}
        onClose={() => {
          onReport(null);
          // After a report that blocked, the conversation is gone: back to the list once the confirmation is closed.
          if (!hasReportBlocked) return;
          leaveBlocked();
          void navigate(paths.chats.getHref(), { replace: true });
        }}
      />
      <ConfirmModal
        isOpen={confirming === 'delete'}
        title={t('delete.title', { name: partner.name })}
        confirmLabel={t('delete.confirm')}
        onConfirm={confirmDelete}
        onCancel={() => setConfirming(null)}
      >
        <p className="mb-0">{t('delete.text', { name: partner.name })}</p>
      </ConfirmModal>
    </header>
  );
}
