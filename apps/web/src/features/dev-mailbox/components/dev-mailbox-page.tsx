// /dev/mailbox (development only): the mails the app "sent" without SMTP, each with its links, text and HTML.
import { Fragment, useState } from 'react';
import { Badge, Button, Card, Col, Container, Form, ListGroup, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../lib/api-client.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { PageTitle } from '../../../components/page-title.tsx';
import type { DevMail } from '@app/contracts';
import { useDevMailbox } from '../api/get-dev-mailbox.ts';
import { formatDate } from '../../../lib/i18n.ts';

/**
 * Links inside the sandboxed preview open in the app's own window. A whole document (the server's mails are) gets the
 * base in its own head, so it shows as a mail client shows it; a fragment is wrapped in a document.
 */
export function buildPreviewDocument(html: string): string {
  const base = '<base target="_top">';
  if (/^\s*<!doctype html>/i.test(html) && /<head>/i.test(html)) return html.replace(/<head>/i, `<head>${base}`);
  return `<!doctype html><html><head><meta charset="utf-8">${base}</head><body>${html}</body></html>`;
}

const formatTime = (value: string) => formatDate(value, { dateStyle: 'short', timeStyle: 'medium' }) || value;

function MailView({ mail }: { mail: DevMail }) {
  const { t } = useTranslation('accounts');
  return (
    <article aria-labelledby="dev-mail-subject">
      <h2 id="dev-mail-subject" className="h4">
        {mail.subject}
      </h2>
      <dl className="row small mb-3">
        <dt className="col-3">{t('devMailbox.from')}</dt>
        <dd className="col-9 text-break">{mail.from}</dd>
        <dt className="col-3">{t('devMailbox.to')}</dt>
        <dd className="col-9 text-break">{mail.to}</dd>
        <dt className="col-3">{t('devMailbox.time')}</dt>
        <dd className="col-9">{formatTime(mail.created_at)}</dd>
        {/* The headers a mail client acts on (one-click unsubscribe, RFC 8058): header names are not translated. */}
        {Object.entries(mail.headers ?? {}).map(([name, value]) => (
          <Fragment key={name}>
            <dt className="col-3 text-break font-monospace">{name}</dt>
            <dd className="col-9 text-break font-monospace">{value}</dd>
          </Fragment>
        ))}
      </dl>
      {mail.links.length > 0 && (
        <section aria-labelledby="dev-mail-links" className="mb-3">
          <h3 id="dev-mail-links" className="h6">
            {t('devMailbox.links')}
          </h3>
          <ul className="small">
            {mail.links.map((link) => (
              <li key={link} className="text-break">
                <a href={link}>{link}</a>
              </li>
            ))}
          </ul>
        </section>
      )}
      <h3 className="h6">{t('devMailbox.html')}</h3>
      <iframe
        title={t('devMailbox.htmlFrame', { subject: mail.subject })}
        srcDoc={buildPreviewDocument(mail.html)}
        sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
        className="w-100 border rounded mb-3 bg-white"
        style={{ height: '28rem' }}
      />
      <h3 className="h6">{t('devMailbox.text')}</h3>
      <pre className="bg-body-tertiary p-3 rounded small" style={{ whiteSpace: 'pre-wrap' }}>
        {mail.text}
      </pre>
    </article>
  );
}

export function DevMailboxPage() {
  const { t } = useTranslation('accounts');
  const [filter, setFilter] = useState('');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const mailbox = useDevMailbox(filter);

  // Outside development the API has no mailbox: this route does not exist then either.
  if (mailbox.error instanceof ApiError && mailbox.error.status === 404) throw mailbox.error;

  const mails = mailbox.data ?? [];
  const selected = mails.find((mail) => mail.id === selectedId) ?? mails[0];

  return (
    <Container fluid="lg" className="py-4">
      <PageTitle title={t('devMailbox.title')} />
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">
          {t('devMailbox.title')} <Badge bg="secondary">{t('devMailbox.devOnly')}</Badge>
        </h1>
        <RecipientFilter onFilter={setFilter} />
        <Button size="sm" variant="primary" onClick={() => void mailbox.refetch()} disabled={mailbox.isFetching}>
          {t('devMailbox.refresh')}
        </Button>
      </div>
      {mailbox.isPending && <LoadingSpinner />}
      {mailbox.isError && (
        <p role="alert" className="text-danger">
          {t('errors:error_generic')}
        </p>
      )}
      {mailbox.isSuccess && mails.length === 0 && <p className="text-body-secondary">{t('devMailbox.empty')}</p>}
      {mails.length > 0 && (
        <Row className="g-4">
          <Col lg={4}>
            <MailList mails={mails} selectedId={selected?.id} onSelect={setSelectedId} />
          </Col>
          <Col lg={8}>
            {selected && (
              <Card className="border-0 shadow-sm">
                <Card.Body>
                  <MailView mail={selected} />
                </Card.Body>
              </Card>
            )}
          </Col>
        </Row>
      )}
    </Container>
  );
}

/** The recipient search: the list shows that address's mails once submitted. */
function RecipientFilter({ onFilter }: { onFilter: (recipient: string) => void }) {
  const { t } = useTranslation('accounts');
  const [recipient, setRecipient] = useState('');
  return (
    <Form
      className="d-flex gap-2"
      role="search"
      onSubmit={(event) => {
        event.preventDefault();
        onFilter(recipient.trim());
      }}
    >
      <Form.Label htmlFor="dev-mailbox-recipient" visuallyHidden>
        {t('devMailbox.recipient')}
      </Form.Label>
      <Form.Control
        id="dev-mailbox-recipient"
        type="search"
        size="sm"
        placeholder={t('devMailbox.recipient')}
        value={recipient}
        onChange={(event) => setRecipient(event.target.value)}
      />
      <Button type="submit" size="sm" variant="outline-dark">
        {t('devMailbox.filter')}
      </Button>
    </Form>
  );
}

function MailList({
  mails,
  selectedId,
  onSelect,
}: {
  mails: DevMail[];
  selectedId: number | undefined;
  onSelect: (id: number) => void;
}) {
  const { t } = useTranslation('accounts');
  return (
    <ListGroup as="ul" aria-label={t('devMailbox.listLabel')}>
      {mails.map((mail) => (
        <ListGroup.Item as="li" key={mail.id} active={mail.id === selectedId} className="p-0">
          <button
            type="button"
            className="btn w-100 text-start p-3 border-0 text-reset rounded-0"
            aria-current={mail.id === selectedId ? 'true' : undefined}
            onClick={() => onSelect(mail.id)}
          >
            <span className="d-block fw-semibold text-truncate">{mail.subject}</span>
            <span className="d-block small text-truncate">{mail.to}</span>
            <span className="d-block small opacity-75">{formatTime(mail.created_at)}</span>
          </button>
        </ListGroup.Item>
      ))}
    </ListGroup>
  );
}
