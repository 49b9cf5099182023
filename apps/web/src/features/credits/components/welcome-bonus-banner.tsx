// The welcome-bonus banner (SPEC 2): stars, the offer, a live hh:mm:ss countdown, and a link to the credits page.
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TIME_BONUS_PERCENTAGE } from '@app/contracts';
import { paths } from '../../../config/paths.ts';
import { StarIcon } from '../../../components/member-icons.tsx';
import { Countdown } from './countdown.tsx';

export function WelcomeBonusBanner({ endsAt }: { endsAt: number }) {
  const { t } = useTranslation('payments');
  return (
    // Two short rows on phones (the offer; the countdown and the button), one row from 576 px with the stars.
    <div
      className="welcome-bonus-banner d-flex flex-wrap align-items-center column-gap-2 row-gap-1 gap-sm-3"
      data-testid="welcome-bonus-banner"
    >
      <span className="welcome-bonus-stars d-none d-sm-inline-flex" aria-hidden="true">
        <StarIcon size={16} fill="currentColor" />
        <StarIcon size={20} fill="currentColor" />
        <StarIcon size={16} fill="currentColor" />
      </span>
      <strong className="welcome-bonus-offer me-auto">
        {t('welcome.banner', { percentage: TIME_BONUS_PERCENTAGE })}
      </strong>
      <span className="text-nowrap me-auto me-sm-0">
        {t('welcome.bannerValid')} <Countdown endsAt={endsAt} className="fw-bold" />
      </span>
      <Link to={paths.credits.getHref()} className="btn btn-sm btn-primary">
        {t('welcome.bannerCta')}
      </Link>
    </div>
  );
}
