// The login-required, premium-only, activation-required or coming-soon notice of the members screens, in a modal with the way forward.
import type { ReactNode } from 'react';
import { Modal } from 'react-bootstrap';
import { Link, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths.ts';
import { LockIcon, StarIcon } from './member-icons.tsx';
import { ChatIcon } from './icons.tsx';
import { SignupLink } from './signup-link.tsx';
import { closeMemberNotice, useMemberNotice } from '../lib/member-notice-store.ts';
import { useSettings } from '../lib/settings/get-settings.ts';

/** `activationAction`: what the activation notice offers (the app passes "Send the e-mail again"; shared code imports no feature). */
export function MemberNoticeModal({ activationAction }: { activationAction?: ReactNode }) {
  const { t } = useTranslation('members');
  const { t: tChat } = useTranslation('chat');
  const notice = useMemberNotice();
  const settings = useSettings();
  const location = useLocation();
  const redirectTo = `${location.pathname}${location.search}`;
  const titleId = 'member-notice-title';
  return (
    <Modal show={Boolean(notice)} onHide={closeMemberNotice} centered aria-labelledby={titleId}>
      {notice && (
        <>
          <Modal.Header closeButton closeLabel={t('common.close')}>
            <Modal.Title id={titleId} as="h2" className="h5 d-flex align-items-center gap-2">
              {notice.kind === 'login' && <LockIcon />}
              {notice.kind === 'premium' && <StarIcon />}
              {notice.kind === 'not-messageable' && <ChatIcon />}
              {notice.kind === 'activation' && <LockIcon />}
              {notice.kind === 'not-messageable' ? tChat('notMessageable.title') : t(`notices.${notice.kind}.title`)}
            </Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <p className="mb-0">
              {notice.kind === 'not-messageable'
                ? tChat(`notMessageable.${notice.action}`, { fictional: settings.fictional_singular })
                : t(`notices.${notice.kind}.${notice.action}`)}
            </p>
            {notice.kind === 'activation' && activationAction && <div className="mt-3">{activationAction}</div>}
          </Modal.Body>
          <Modal.Footer>
            {notice.kind === 'login' && (
              <>
                <Link
                  to={paths.login.getHref(redirectTo)}
                  className="btn btn-outline-primary"
                  onClick={closeMemberNotice}
                >
                  {t('notices.login.logIn')}
                </Link>
                <span onClickCapture={closeMemberNotice}>
                  <SignupLink className="btn btn-primary">{t('notices.login.signUp')}</SignupLink>
                </span>
              </>
            )}
            {notice.kind === 'premium' && (
              <Link to={paths.premium.getHref()} className="btn btn-primary" onClick={closeMemberNotice}>
                {t('nav.getPremium')}
              </Link>
            )}
            {(notice.kind === 'not-messageable' || notice.kind === 'activation') && (
              <button type="button" className="btn btn-primary" onClick={closeMemberNotice}>
                {t('common.ok')}
              </button>
            )}
          </Modal.Footer>
        </>
      )}
    </Modal>
  );
}
