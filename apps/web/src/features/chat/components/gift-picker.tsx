// The gift picker: every gift of the catalogue with its translated name and price; choosing one sends it.
import { Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { GIFT_KEYS, type GiftKey } from '@app/contracts';
import { GiftImage } from './gift-image.tsx';

type GiftPickerProps = { isOpen: boolean; price: number; onClose: () => void; onChoose: (gift: GiftKey) => void };

export function GiftPicker({ isOpen, price, onClose, onChoose }: GiftPickerProps) {
  const { t } = useTranslation('chat');
  const { t: tMembers } = useTranslation('members');
  const priceText = tMembers('nav.credits', { count: price });
  return (
    <Modal show={isOpen} onHide={onClose} centered aria-labelledby="gift-picker-title">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="gift-picker-title" as="h2" className="h5">
          {t('gifts.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary small">{t('gifts.intro', { credits: priceText })}</p>
        <ul className="gift-grid list-unstyled mb-0">
          {GIFT_KEYS.map((gift) => (
            <li key={gift}>
              <button
                type="button"
                className="gift-option"
                onClick={() => onChoose(gift)}
                aria-label={t('gifts.send', { gift: t(`gifts.${gift}`), credits: priceText })}
              >
                <GiftImage gift={gift} size={56} />
                <span className="gift-name">{t(`gifts.${gift}`)}</span>
                <span className="gift-price small text-body-secondary">{priceText}</span>
              </button>
            </li>
          ))}
        </ul>
      </Modal.Body>
    </Modal>
  );
}
