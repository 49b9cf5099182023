// Complaints and contact tickets (every staff role): a queue by status; a ticket with its replies, a reply sent by
// mail (optionally closing it), or close.
import { useState, type FormEvent } from 'react';
import { Badge, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { TICKET_STATUSES, adminTicketReplyRequestSchema } from '@app/contracts';
import { DataTable } from '../../../components/data-table.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { useAdminTicket } from '../api/admin-ticket.ts';
import { useAdminTickets } from '../api/admin-tickets.ts';
import { useTicketAction } from '../api/ticket-action.ts';
import { type TicketStatus } from '../api/ticket-status.ts';
import { adminFormError, toAdminFormError } from '../lib/admin-errors.ts';
import { MoreButton } from './more-button.tsx';
import { StatusFilter } from './status-filter.tsx';

export function TicketsPage() {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<TicketStatus>('open');
  const [selected, setSelected] = useState<number | null>(null);
  const tickets = useAdminTickets(status);
  const rows = tickets.data?.pages.flatMap((page) => page.tickets) ?? [];
  return (
    <>
      <h1 className="h4 mb-3">{t('tickets.title')}</h1>
      <StatusFilter
        statuses={TICKET_STATUSES}
        status={status}
        labelOf={(value) => t(`tickets.status.${value}`)}
        onChange={(value) => (setStatus(value), setSelected(null))}
      />
      <Row className="g-4">
        <Col lg={selected ? 5 : 12}>
          {tickets.isPending ? (
            <LoadingSpinner />
          ) : rows.length === 0 ? (
            <p className="text-body-secondary">{t('tickets.empty')}</p>
          ) : (
            <DataTable
              caption={t('tickets.title')}
              isHover
              className="align-middle"
              rows={rows}
              rowKey={(ticket) => ticket.id}
              isRowActive={(ticket) => ticket.id === selected}
              columns={[
                {
                  key: 'id',
                  header: '#',
                  cell: (ticket) => (
                    <Button
                      variant="link"
                      className="p-0"
                      aria-label={t('tickets.open', { id: ticket.id })}
                      onClick={() => setSelected(ticket.id)}
                    >
                      {ticket.id}
                    </Button>
                  ),
                },
                { key: 'subject', header: t('tickets.subject'), cell: (ticket) => ticket.subject },
                { key: 'kind', header: t('tickets.kind'), cell: (ticket) => t(`tickets.kinds.${ticket.kind}`) },
                {
                  key: 'created',
                  header: t('reports.columns.created'),
                  cell: (ticket) => formatDate(ticket.created_at, { dateStyle: 'short', timeStyle: 'short' }),
                },
              ]}
            />
          )}
          <MoreButton query={tickets} />
        </Col>
        {selected !== null && (
          <Col lg={7}>
            <TicketDetail key={selected} id={selected} onClose={() => setSelected(null)} />
          </Col>
        )}
      </Row>
    </>
  );
}

function TicketDetail({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation('admin');
  const query = useAdminTicket(id);
  if (query.isPending) return <LoadingSpinner />;
  if (query.isError) return <FormErrorAlert error={toAdminFormError(query.error)} />;
  const { ticket, replies } = query.data;
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <div className="d-flex justify-content-between gap-2 mb-2">
          <h2 className="h5 mb-0">
            {ticket.subject} <Badge bg="secondary">{t(`tickets.status.${ticket.status}`)}</Badge>
          </h2>
          <Button variant="outline-secondary" size="sm" onClick={onClose}>
            {t('common.close')}
          </Button>
        </div>
        <p className="small text-body-secondary mb-2">
          {ticket.email} · {ticket.language} ·{' '}
          {formatDate(ticket.created_at, { dateStyle: 'short', timeStyle: 'short' })}
          {ticket.order_id !== null && ` · ${t('tickets.order', { id: ticket.order_id })}`}
        </p>
        <p style={{ whiteSpace: 'pre-wrap' }}>{ticket.body}</p>
        <TicketReplies replies={replies} />
        {ticket.status !== 'closed' && <ReplyForm id={id} />}
      </Card.Body>
    </Card>
  );
}

type TicketReply = NonNullable<ReturnType<typeof useAdminTicket>['data']>['replies'][number];

function TicketReplies({ replies }: { replies: TicketReply[] }) {
  const { t } = useTranslation('admin');
  if (replies.length === 0) return null;
  return (
    <>
      <h3 className="h6">{t('tickets.replies')}</h3>
      <ul className="list-unstyled small">
        {replies.map((entry) => (
          <li key={entry.id} className="border-start border-3 ps-2 mb-2">
            <span className="text-body-secondary">
              {entry.staff_name ?? '—'} · {formatDate(entry.created_at, { dateStyle: 'short', timeStyle: 'short' })}
            </span>
            <span className="d-block" style={{ whiteSpace: 'pre-wrap' }}>
              {entry.body}
            </span>
          </li>
        ))}
      </ul>
    </>
  );
}

/** A reply sent by mail, closing the ticket unless unticked; or close it without one. */
function ReplyForm({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const action = useTicketAction(id);
  // The checkbox as text, like every value of the form hook: 'yes' closes the ticket with the reply.
  const form = useFormValues({ body: '', close: 'yes' });
  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate(adminTicketReplyRequestSchema, {
      body: form.values.body,
      close: form.values.close === 'yes',
    });
    if (!body) return;
    action.mutate(
      { kind: 'reply', body: body.body, close: body.close ?? false },
      {
        onSuccess: () => form.setValue('body', ''),
        onError: (error) => form.showApiError(error),
      },
    );
  };
  return (
    <Form id={form.formId} noValidate onSubmit={send} aria-label={t('tickets.replyForm')}>
      <FormErrorAlert error={adminFormError(form.formError)} />
      <FormField
        {...form.bind('body')}
        label={t('tickets.reply')}
        as="textarea"
        rows={4}
        maxLength={10_000}
        className="mb-2"
      />
      <Form.Check
        type="checkbox"
        id="ticket-reply-close"
        label={t('tickets.closeAfter')}
        checked={form.values.close === 'yes'}
        onChange={(event) => form.setValue('close', event.target.checked ? 'yes' : '')}
        className="mb-2"
      />
      <div className="d-flex gap-2">
        <SubmitButton isPending={action.isPending}>{t('tickets.send')}</SubmitButton>
        <Button
          variant="outline-secondary"
          disabled={action.isPending}
          onClick={() => action.mutate({ kind: 'close' }, { onError: (error) => form.showApiError(error) })}
        >
          {t('tickets.closeTicket')}
        </Button>
      </div>
    </Form>
  );
}
