// The time-bonus modal (SPEC 2 and 4): "25%" welcome bonus, a special-offer banner, the call to unlock it, the act-fast
// text, a "valid for" countdown linking to the credits page, the instant-receive note and a close icon.
import { Modal } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TIME_BONUS_PERCENTAGE, TIME_BONUS_SECONDS } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { StarIcon } from '../../../components/member-icons.tsx';
import { Countdown } from './countdown.tsx';
import { BoltIcon, CrossIcon } from './credits-icons.tsx';

type TimeBonusModalProps = { show: boolean; endsAt: number; onClose: () => void };

export function TimeBonusModal({ show, endsAt, onClose }: TimeBonusModalProps) {
  const { t } = useTranslation('payments');
  const percentage = TIME_BONUS_PERCENTAGE;
  return (
    <Modal
      show={show}
      onHide={onClose}
      centered
      aria-labelledby="time-bonus-title"
      contentClassName="time-bonus-modal"
      data-testid="time-bonus-modal"
    >
      <button type="button" className="time-bonus-close btn btn-link" onClick={onClose} aria-label={t('welcome.close')}>
        <CrossIcon size={22} />
      </button>
      <div className="time-bonus-ribbon" aria-hidden="true">
        {t('welcome.specialOffer')}
      </div>
      <Modal.Body className="text-center px-4 pb-4 pt-2">
        <div className="time-bonus-stars" aria-hidden="true">
          <StarIcon size={18} fill="currentColor" />
          <StarIcon size={26} fill="currentColor" />
          <StarIcon size={18} fill="currentColor" />
        </div>
        <h2 id="time-bonus-title" className="time-bonus-title mb-3">
          <span className="visually-hidden">{t('welcome.specialOffer')}: </span>
          <span className="time-bonus-percentage d-block">{t('welcome.percentage', { percentage })}</span>{' '}
          <span className="time-bonus-label d-block">{t('welcome.bonus')}</span>
        </h2>
        <p className="fs-5 fw-semibold">{t('welcome.unlock', { percentage })}</p>
        <p className="text-body-secondary">{t('welcome.actFast', { count: TIME_BONUS_SECONDS / 3600 })}</p>
        <Link to={paths.credits.getHref()} onClick={onClose} className="btn btn-primary btn-lg w-100 time-bonus-cta">
          <span className="d-block">{t('welcome.cta', { percentage })}</span>
          <span className="d-block small">
            {t('welcome.validFor')} <Countdown endsAt={endsAt} />
          </span>
        </Link>
        <p className="small text-body-secondary mt-3 mb-0 d-flex align-items-center justify-content-center gap-1">
          <BoltIcon size={14} />
          {t('welcome.instant')}
        </p>
      </Modal.Body>
    </Modal>
  );
}
