// A chosen chat photo before it is sent (and paid): the picture, its cost, Send and Cancel. Shown in the footer, not
// over the conversation; nothing is uploaded or charged before Send.
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

/** The chosen file and its object URL (made when chosen, revoked by whoever drops the preview). */
export type ChosenPhoto = { file: File; url: string };

export function PhotoPreview(props: { photo: ChosenPhoto; price: number; onSend: () => void; onCancel: () => void }) {
  const { photo, price, onSend, onCancel } = props;
  const { t } = useTranslation('chat');
  const { t: tMembers } = useTranslation('members');
  const credits = tMembers('nav.credits', { count: price });
  return (
    <section className="chat-photo-preview" aria-label={t('footer.previewLabel')}>
      <img src={photo.url} alt={t('footer.previewAlt')} className="chat-photo-preview-image" />
      <div className="d-flex flex-column gap-2">
        <p className="mb-0 small">{t('footer.previewCost', { credits })}</p>
        <div className="d-flex gap-2">
          <Button size="sm" variant="primary" onClick={onSend}>
            {t('footer.previewSend', { credits })}
          </Button>
          <Button size="sm" variant="outline-secondary" onClick={onCancel}>
            {t('footer.previewCancel')}
          </Button>
        </div>
      </div>
    </section>
  );
}
