// What the conversation shows instead of (or above) the send footer: why the member cannot send here, the reason a send
// failed (with the way forward: buy credits, get premium), and the premium-only notice of photo attachments.
import { Alert, Modal } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { FREE_CONVERSATION_LIMIT, type ChatPartner, type SendBlockedReason } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { StarIcon } from '../../../components/member-icons.tsx';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import type { PendingMessage } from '../lib/chat-store.ts';
import { WelcomeBonusOffer } from '../../credits/index.ts';

function PremiumOnly({ text }: { text: string }) {
  const { t: tMembers } = useTranslation('members');
  return (
    <Alert variant="warning" className="mb-0" role="alert" data-testid="premium-only">
      <Alert.Heading as="h2" className="h6 d-flex align-items-center gap-2">
        <StarIcon />
        {tMembers('notices.premium.title')}
      </Alert.Heading>
      <p className="mb-2">{text}</p>
      <Link to={paths.premium.getHref()} className="btn btn-primary btn-sm">
        {tMembers('nav.getPremium')}
      </Link>
    </Alert>
  );
}

export function SendBlockedNotice({
  reason,
  partner,
}: {
  reason: SendBlockedReason;
  partner: Pick<ChatPartner, 'id' | 'name'>;
}) {
  const { t } = useTranslation('chat');
  const settings = useSettings();
  if (reason === 'conversation_limit_reached')
    return <PremiumOnly text={t('blocked.conversation_limit_reached', { max: FREE_CONVERSATION_LIMIT })} />;
  return (
    <Alert variant="secondary" className="mb-0" data-testid="send-blocked" role="status">
      {t(`blocked.${reason}`, { name: partner.name, fictional: settings.fictional_singular })}
      {reason === 'member_blocked' && (
        <>
          {' '}
          <Link to={paths.membersId.getHref(partner.id)}>{t('blocked.openProfile')}</Link>
        </>
      )}
    </Alert>
  );
}

/** The reason the newest failed send failed, with the way forward. */
export function SendErrorAlert({ failure }: { failure: NonNullable<PendingMessage['error']> }) {
  const { t } = useTranslation('chat');
  if (failure.code === 'conversation_limit_reached' || failure.code === 'premium_required_chat_photos')
    return <PremiumOnly text={failure.message} />;
  if (failure.code === 'not_enough_credits') {
    return (
      <Alert variant="warning" className="mb-0" role="alert" data-testid="not-enough-credits">
        <Alert.Heading as="h2" className="h6">
          {t('credits.title')}
        </Alert.Heading>
        <p className="mb-2">{failure.message}</p>
        <Link to={paths.credits.getHref()} className="btn btn-primary btn-sm">
          {t('credits.buy')}
        </Link>
        {/* The welcome bonus and its countdown, here rather than in a modal over the conversation. */}
        <WelcomeBonusOffer />
      </Alert>
    );
  }
  return (
    <Alert variant="danger" className="mb-0" role="alert">
      {failure.message}
    </Alert>
  );
}

/** Photo attachments are premium only: said before anything is sent. */
export function PremiumPhotosModal({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation('chat');
  const { t: tMembers } = useTranslation('members');
  return (
    <Modal show={isOpen} onHide={onClose} centered aria-labelledby="chat-premium-title">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="chat-premium-title" as="h2" className="h5 d-flex align-items-center gap-2">
          <StarIcon />
          {tMembers('notices.premium.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="mb-0">{t('premium.photos')}</p>
      </Modal.Body>
      <Modal.Footer>
        <Link to={paths.premium.getHref()} className="btn btn-primary" onClick={onClose}>
          {tMembers('nav.getPremium')}
        </Link>
      </Modal.Footer>
    </Modal>
  );
}
