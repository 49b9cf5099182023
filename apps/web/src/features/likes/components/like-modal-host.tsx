// Renders whichever like modal is open (from a like that made a match, or the like pop-up); mounted once per layout.
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { closeLikeModal, openLikeModal, useLikeModalState } from '../lib/like-modal-store.ts';
import { useLikePopupTrigger } from '../hooks/use-like-popup.ts';
import { LikeModal } from './like-modal.tsx';

export function LikeModalHost() {
  const { t } = useTranslation('members');
  const request = useLikeModalState();
  // The like pop-up: a profile from auto-like.php, its button opens that member's page.
  const showLikePopup = useCallback(
    () => openLikeModal({ variant: 'new-like', buttonLabel: t('likes.viewProfile') }),
    [t],
  );
  useLikePopupTrigger(showLikePopup);
  if (!request) return null;
  const { key, ...props } = request;
  return <LikeModal key={key} {...props} onClose={closeLikeModal} />;
}
