// The countdown page of SPEC section 9: a site that takes no signups (`signups: other`) with a partner address forwards
// a visitor who tries to sign up there, tracking data included, after PARTNER_REDIRECT_SECONDS; the visitor may go at
// once or stay. Shown by the signup flow (page and modal) instead of the invite-only notice.
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { readTracking } from '../../../lib/tracking.ts';
import { PARTNER_REDIRECT_SECONDS, partnerUrlWithTracking } from '../lib/partner-redirect.ts';

type PartnerRedirectProps = {
  partnerUrl: string;
  /** Leaves for the partner (tests watch it instead of leaving the page). */
  forward?: (url: string) => void;
};

const leaveFor = (url: string) => window.location.assign(url);

export function PartnerRedirect({ partnerUrl, forward = leaveFor }: PartnerRedirectProps) {
  const { t } = useTranslation('landers');
  const target = useMemo(() => partnerUrlWithTracking(partnerUrl, readTracking()), [partnerUrl]);
  const [secondsLeft, setSecondsLeft] = useState(PARTNER_REDIRECT_SECONDS);
  const [isStopped, setIsStopped] = useState(false);

  useEffect(() => {
    if (!target || isStopped) return;
    if (secondsLeft <= 0) {
      forward(target);
      return;
    }
    const timer = setTimeout(() => setSecondsLeft((left) => left - 1), 1000);
    return () => clearTimeout(timer);
  }, [secondsLeft, isStopped, target, forward]);

  if (!target) return null;
  const progress = ((PARTNER_REDIRECT_SECONDS - secondsLeft) / PARTNER_REDIRECT_SECONDS) * 100;
  return (
    <section className="partner-redirect" aria-labelledby="partner-redirect-title">
      <h2 id="partner-redirect-title" className="h4 mb-3">
        {t('redirect.title')}
      </h2>
      {/* role="timer": not announced every second; the text says the remaining time when read. */}
      <p role="timer" className="mb-3">
        {isStopped ? t('redirect.cancelled') : t('redirect.text', { count: Math.max(secondsLeft, 0) })}
      </p>
      {!isStopped && (
        <div className="progress mb-3" style={{ height: '0.5rem' }} aria-hidden="true">
          <div className="progress-bar" style={{ width: `${progress}%`, transition: 'width 1s linear' }} />
        </div>
      )}
      <div className="d-flex flex-wrap gap-2">
        <a className="btn btn-primary" href={target}>
          {t('redirect.go')}
        </a>
        {!isStopped && (
          <button type="button" className="btn btn-outline-dark" onClick={() => setIsStopped(true)}>
            {t('redirect.cancel')}
          </button>
        )}
      </div>
    </section>
  );
}
