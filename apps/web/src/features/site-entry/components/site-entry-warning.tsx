// The adult-content warning a visitor must accept before using the site; closes only through its buttons.
import { useId } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { useSiteEntryWarning } from '../hooks/use-site-entry-warning.ts';
import type { LayoutKind } from '../site-entry-rules.ts';

/** Where "Leave" takes a visitor who does not want to see adult content. */
export const LEAVE_URL = 'https://www.google.com/';

export function SiteEntryWarning({ layout }: { layout: LayoutKind }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { isVisible, dismiss } = useSiteEntryWarning(layout);
  const titleId = useId();
  return (
    <Modal
      show={isVisible}
      onHide={() => undefined}
      backdrop="static"
      keyboard={false}
      centered
      aria-labelledby={titleId}
      className="site-entry-warning"
      backdropClassName="site-entry-backdrop"
    >
      <Modal.Header className="border-0 pb-0 justify-content-center">
        <Modal.Title id={titleId} as="h2" className="h4 text-center">
          <span className="site-entry-badge" aria-hidden="true">
            {t('siteEntry.ageBadge', { age: settings.min_age })}
          </span>
          {t('siteEntry.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-center">
        <p>{t('siteEntry.body', { name: settings.name, age: settings.min_age })}</p>
        <p className="small text-body-secondary mb-0">{t('siteEntry.consent', { age: settings.min_age })}</p>
      </Modal.Body>
      <Modal.Footer className="border-0 pt-0 justify-content-center gap-2">
        <Button variant="primary" size="lg" className="px-5" onClick={dismiss}>
          {t('siteEntry.enter')}
        </Button>
        <a className="btn btn-link text-body-secondary" href={LEAVE_URL} rel="noreferrer">
          {t('siteEntry.leave')}
        </a>
      </Modal.Footer>
    </Modal>
  );
}
