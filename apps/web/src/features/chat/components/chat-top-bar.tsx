// The conversation's top bar: back to the list (phones), the partner's photo and name, the member's coin count, the
// connection state, and the info dropdown (view profile, report, block, delete conversation, each block/delete confirmed).
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ChatPartner } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { ConfirmModal } from '../../../components/confirm-modal.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { toFormErrors } from '../../../lib/form-errors.ts';
import { useBlockMember } from '../../blocks/index.ts';
import { ReportModal, type ReportSubject } from '../../reports/index.ts';
import { chatKeys } from '../api/get-chats.ts';
import { useDeleteChat } from '../api/delete-chat.ts';
import { forgetPartner } from '../lib/chat-store.ts';
import { ChatCoins, ChatInfoMenu, PartnerHeading } from './chat-top-bar-parts.tsx';
import { ConnectionState } from './connection-state.tsx';

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
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const block = useBlockMember();
  const deleteChat = useDeleteChat();
  const [confirming, setConfirming] = useState<'block' | 'delete' | null>(null);
  const [hasReportBlocked, setHasReportBlocked] = useState(false);

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
      <PartnerHeading partner={partner} />
      <div className="ms-auto d-flex align-items-center gap-2">
        <ConnectionState />
        <ChatCoins />
        <ChatInfoMenu partner={partner} conversationId={conversationId} onReport={onReport} onConfirm={setConfirming} />
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
