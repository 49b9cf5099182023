// The adult-content warning a visitor must accept before using the site; closes only through its buttons.
import { useId, useLayoutEffect, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../../lib/settings/get-settings.ts';
import { useSiteEntryWarning } from '../hooks/use-site-entry-warning.ts';
import { SITE_ENTRY_LEAVE_URL, SITE_ENTRY_VIEW_ID, type LayoutKind } from '@app/contracts';

export function SiteEntryWarning({ layout }: { layout: LayoutKind }) {
  const { t } = useTranslation();
  const settings = useSettings();
  const { isVisible, dismiss } = useSiteEntryWarning(layout);
  const titleId = useId();
  // A lander's server-written first view may carry the warning already (modules/landers, docs/landers.md): this modal
  // takes its place in the same commit, without a fade, and the server's copy goes (or simply goes, when the rules
  // say no: a member, an installed app).
  const [hasServerCopy] = useState(
    () => typeof document !== 'undefined' && document.getElementById(SITE_ENTRY_VIEW_ID) !== null,
  );
  useLayoutEffect(() => document.getElementById(SITE_ENTRY_VIEW_ID)?.remove(), []);
  return (
    <Modal
      show={isVisible}
      animation={!hasServerCopy}
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
        <a className="btn btn-link text-body-secondary" href={SITE_ENTRY_LEAVE_URL} rel="noreferrer">
          {t('siteEntry.leave')}
        </a>
      </Modal.Footer>
    </Modal>
  );
}
