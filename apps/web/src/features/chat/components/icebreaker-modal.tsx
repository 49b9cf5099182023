// The icebreaker modal of an empty conversation: translated opening lines; choosing one fills the textarea.
import { ListGroup, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ICEBREAKER_COUNT } from '@app/contracts';

type IcebreakerModalProps = {
  isOpen: boolean;
  partnerName: string;
  onClose: () => void;
  onChoose: (line: string) => void;
};

export function IcebreakerModal({ isOpen, partnerName, onClose, onChoose }: IcebreakerModalProps) {
  const { t } = useTranslation('chat');
  const lines = Array.from({ length: ICEBREAKER_COUNT }, (_, index) =>
    t(`icebreakers.${index + 1}`, { name: partnerName }),
  );
  return (
    <Modal show={isOpen} onHide={onClose} centered aria-labelledby="icebreaker-title">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="icebreaker-title" as="h2" className="h5">
          {t('icebreakers.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="text-body-secondary small">{t('icebreakers.intro', { name: partnerName })}</p>
        <ListGroup>
          {lines.map((line) => (
            <ListGroup.Item
              as="button"
              type="button"
              key={line}
              action
              onClick={() => onChoose(line)}
              className="text-start"
            >
              {line}
            </ListGroup.Item>
          ))}
        </ListGroup>
      </Modal.Body>
    </Modal>
  );
}
