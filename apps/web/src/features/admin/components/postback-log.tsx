// The postback delivery log (every role reads; admins resend): newest first, by status and network, "Load more" for
// older rows. Each row: when, network, event, order, status, attempts, the last answer (its HTTP code or the error) and
// the address sent (secrets masked by the server); sent and failed rows can be sent again.
import { useState } from 'react';
import { Alert, Badge, Button, Col, Row } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { POSTBACK_STATUSES, type AdminPostback, type PostbackStatus } from '@app/contracts';
import { DataTable, type DataTableColumn } from '../../../components/data-table.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormSelect } from '../../../components/form-select.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { useResendPostback } from '../api/resend-postback.ts';
import { useTrafficNetworks } from '../api/traffic-networks.ts';
import { useTrafficPostbacks } from '../api/traffic-postbacks.ts';
import { toAdminFormError, toAdminQueryError } from '../lib/admin-errors.ts';
import { NO_VALUE } from '../lib/traffic.ts';
import { MoreButton } from './more-button.tsx';

const STATUS_BADGES: Record<PostbackStatus, string> = { pending: 'secondary', sent: 'success', failed: 'danger' };

export function PostbackLog({ canResend }: { canResend: boolean }) {
  const { t } = useTranslation('admin');
  const [status, setStatus] = useState<PostbackStatus | ''>('');
  const [network, setNetwork] = useState('');
  const networks = useTrafficNetworks();
  const postbacks = useTrafficPostbacks(status, network ? Number(network) : null);
  const resend = useResendPostback();
  const [announcement, setAnnouncement] = useState('');
  const rows = postbacks.data?.pages.flatMap((page) => page.postbacks) ?? [];
  const onResend = (postback: AdminPostback) => {
    setAnnouncement('');
    resend.mutate(postback.id, {
      onSuccess: () => setAnnouncement(t('traffic.postbacks.resent', { id: postback.id })),
    });
  };
  return (
    <section aria-labelledby="traffic-postbacks-title">
      <h2 id="traffic-postbacks-title" className="h5">
        {t('traffic.postbacks.title')}
      </h2>
      <Row className="g-2" style={{ maxWidth: 560 }}>
        <Col sm={6}>
          <FormSelect
            name="status"
            label={t('traffic.postbacks.status')}
            value={status}
            onChange={(value) => setStatus(value as PostbackStatus | '')}
            placeholder={t('traffic.postbacks.allStatuses')}
            options={POSTBACK_STATUSES.map((value) => ({ value, label: t(`traffic.postbacks.statuses.${value}`) }))}
          />
        </Col>
        <Col sm={6}>
          <FormSelect
            name="network"
            label={t('traffic.postbacks.network')}
            value={network}
            onChange={setNetwork}
            placeholder={t('traffic.postbacks.allNetworks')}
            options={(networks.data?.networks ?? []).map((entry) => ({ value: String(entry.id), label: entry.name }))}
          />
        </Col>
      </Row>
      <div aria-live="polite">
        {announcement && (
          <Alert variant="success" className="small">
            {announcement}
          </Alert>
        )}
        <FormErrorAlert error={resend.error ? toAdminFormError(resend.error) : null} />
      </div>
      {postbacks.isPending ? (
        <LoadingSpinner />
      ) : postbacks.isError ? (
        <FormErrorAlert error={toAdminQueryError(postbacks.error)} />
      ) : rows.length === 0 ? (
        <p className="text-body-secondary">{t('traffic.postbacks.empty')}</p>
      ) : (
        <PostbacksTable
          rows={rows}
          onResend={canResend ? onResend : null}
          isResending={(id) => resend.isPending && resend.variables === id}
        />
      )}
      <MoreButton query={postbacks} />
    </section>
  );
}

function PostbacksTable({
  rows,
  onResend,
  isResending,
}: {
  rows: AdminPostback[];
  onResend: ((postback: AdminPostback) => void) | null;
  isResending: (id: number) => boolean;
}) {
  const { t } = useTranslation('admin');
  const columns: DataTableColumn<AdminPostback>[] = [
    {
      key: 'when',
      header: t('traffic.postbacks.when'),
      cell: (row) => formatDate(row.created_at, { dateStyle: 'short', timeStyle: 'short' }),
    },
    { key: 'network', header: t('traffic.postbacks.network'), cell: (row) => row.network_name },
    { key: 'event', header: t('traffic.postbacks.event'), cell: (row) => t(`traffic.events.${row.event}`) },
    { key: 'order', header: t('traffic.postbacks.order'), cell: (row) => row.order_id ?? NO_VALUE },
    {
      key: 'status',
      header: t('traffic.postbacks.status'),
      cell: (row) => <Badge bg={STATUS_BADGES[row.status]}>{t(`traffic.postbacks.statuses.${row.status}`)}</Badge>,
    },
    { key: 'attempts', header: t('traffic.postbacks.attempts'), cell: (row) => row.attempts },
    {
      key: 'answer',
      header: t('traffic.postbacks.answer'),
      cell: (row) =>
        row.last_status_code === null && !row.last_error ? (
          NO_VALUE
        ) : (
          <>
            {row.last_status_code !== null && <code className="d-block">{row.last_status_code}</code>}
            {row.last_error && <span className="text-danger">{row.last_error}</span>}
          </>
        ),
    },
    {
      key: 'url',
      header: t('traffic.postbacks.url'),
      cell: (row) => <code className="text-break">{row.url}</code>,
      style: { maxWidth: '24rem' },
    },
  ];
  if (onResend)
    columns.push({
      key: 'actions',
      header: t('traffic.actions'),
      isHeaderHidden: true,
      className: 'text-end',
      cell: (row) =>
        row.status === 'pending' ? null : (
          <Button
            size="sm"
            variant="outline-primary"
            disabled={isResending(row.id)}
            aria-label={t('traffic.postbacks.resendLabel', { id: row.id, network: row.network_name })}
            onClick={() => onResend(row)}
          >
            {t('traffic.postbacks.resend')}
          </Button>
        ),
    });
  return (
    <DataTable
      caption={t('traffic.postbacks.title')}
      className="small align-middle"
      rows={rows}
      rowKey={(row) => row.id}
      columns={columns}
    />
  );
}
