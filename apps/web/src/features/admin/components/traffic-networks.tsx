// Ad networks and affiliates (every role reads; admins add, edit and delete): their keys, payouts, postback templates
// and whether a signing secret is set. A deletion is confirmed in a dialog first.
import { useState } from 'react';
import { Alert, Button, Modal, Spinner } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { POSTBACK_TEMPLATE_KINDS, type AdminNetwork } from '@app/contracts';
import { DataTable } from '../../../components/data-table.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { formatMoney } from '../../../lib/money.ts';
import { useDeleteNetwork } from '../api/delete-network.ts';
import { useTrafficNetworks } from '../api/traffic-networks.ts';
import { toAdminFormError, toAdminQueryError } from '../lib/admin-errors.ts';
import { FIXED_PAYOUTS, NO_VALUE, SHARE_PAYOUTS } from '../lib/traffic.ts';
import { NetworkForm } from './network-form.tsx';

type Editing = { kind: 'new' } | { kind: 'edit'; network: AdminNetwork };

export function TrafficNetworks({
  canCreate,
  canEdit,
  canDelete,
}: {
  canCreate: boolean;
  canEdit: boolean;
  canDelete: boolean;
}) {
  const { t } = useTranslation('admin');
  const networks = useTrafficNetworks();
  const [editing, setEditing] = useState<Editing | null>(null);
  // The network stays while the dialog fades out, so its title does not change as it closes.
  const [deleting, setDeleting] = useState<{ network: AdminNetwork; isOpen: boolean } | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const open = (next: Editing) => (setAnnouncement(''), setEditing(next));
  return (
    <section aria-labelledby="traffic-networks-title">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 id="traffic-networks-title" className="h5 mb-0">
          {t('traffic.networks.title')}
        </h2>
        {canCreate && !editing && <Button onClick={() => open({ kind: 'new' })}>{t('traffic.networks.new')}</Button>}
      </div>
      <div aria-live="polite">{announcement && <Alert variant="success">{announcement}</Alert>}</div>
      {editing ? (
        <NetworkForm
          key={editing.kind === 'new' ? 'new' : editing.network.id}
          network={editing.kind === 'edit' ? editing.network : null}
          onCancel={() => setEditing(null)}
          onSaved={(network) => {
            setEditing(null);
            setAnnouncement(t('traffic.networks.saved', { name: network.name }));
          }}
        />
      ) : networks.isPending ? (
        <LoadingSpinner />
      ) : networks.isError ? (
        <FormErrorAlert error={toAdminQueryError(networks.error)} />
      ) : networks.data.networks.length === 0 ? (
        <p className="text-body-secondary">{t('traffic.networks.empty')}</p>
      ) : (
        <NetworksTable
          networks={networks.data.networks}
          onEdit={canEdit ? (network) => open({ kind: 'edit', network }) : null}
          onDelete={canDelete ? (network) => (setAnnouncement(''), setDeleting({ network, isOpen: true })) : null}
        />
      )}
      <DeleteNetworkDialog
        network={deleting?.network ?? null}
        isOpen={deleting?.isOpen ?? false}
        onClose={() => setDeleting((current) => current && { ...current, isOpen: false })}
        onDeleted={(network) => {
          setDeleting({ network, isOpen: false });
          setAnnouncement(t('traffic.networks.deleted', { name: network.name }));
        }}
      />
    </section>
  );
}

function PayoutSummary({ network }: { network: AdminNetwork }) {
  const { t, i18n } = useTranslation('admin');
  const percent = new Intl.NumberFormat(i18n.language, { style: 'percent', maximumFractionDigits: 2 });
  const lines = [
    ...FIXED_PAYOUTS.flatMap((kind) => {
      const payout = network.payouts[kind];
      if (!payout) return [];
      const amount = formatMoney({ amount: payout.amount_minor, currency: payout.currency }, i18n.language);
      return [`${t(`traffic.events.${kind}`)}: ${amount}`];
    }),
    ...SHARE_PAYOUTS.flatMap((kind) => {
      const payout = network.payouts[kind];
      return payout ? [`${t(`traffic.events.${kind}`)}: ${percent.format(payout.percent / 100)}`] : [];
    }),
  ];
  if (lines.length === 0) return NO_VALUE;
  return lines.map((line) => (
    <span key={line} className="d-block">
      {line}
    </span>
  ));
}

function NetworksTable({
  networks,
  onEdit,
  onDelete,
}: {
  networks: AdminNetwork[];
  onEdit: ((network: AdminNetwork) => void) | null;
  onDelete: ((network: AdminNetwork) => void) | null;
}) {
  const { t } = useTranslation('admin');
  const templates = (network: AdminNetwork) => POSTBACK_TEMPLATE_KINDS.filter((kind) => network.postbacks[kind]);
  return (
    <DataTable
      caption={t('traffic.networks.title')}
      className="small align-middle"
      rows={networks}
      rowKey={(network) => network.id}
      columns={[
        { key: 'name', header: t('traffic.networks.name'), isRowHeader: true, cell: (network) => network.name },
        { key: 'key', header: t('traffic.networks.key'), cell: (network) => <code>{network.key}</code> },
        {
          key: 'params',
          header: t('traffic.networks.params'),
          cell: (network) => (
            <code>
              {network.click_id_param}, {network.ref_param}
            </code>
          ),
        },
        {
          key: 'payouts',
          header: t('traffic.networks.payouts'),
          cell: (network) => <PayoutSummary network={network} />,
        },
        {
          key: 'postbacks',
          header: t('traffic.networks.postbacks'),
          cell: (network) =>
            templates(network).length === 0
              ? NO_VALUE
              : templates(network)
                  .map((kind) => t(`traffic.templates.${kind}`))
                  .join(', '),
        },
        {
          key: 'secret',
          header: t('traffic.networks.signing'),
          cell: (network) =>
            network.has_signing_secret ? t('traffic.networks.secretSet') : t('traffic.networks.noSecret'),
        },
        ...(onEdit || onDelete
          ? [
              {
                key: 'actions',
                header: t('traffic.actions'),
                isHeaderHidden: true,
                className: 'text-end text-nowrap',
                cell: (network: AdminNetwork) => (
                  <NetworkActions network={network} onEdit={onEdit} onDelete={onDelete} />
                ),
              },
            ]
          : []),
      ]}
    />
  );
}

/** The row's edit and delete buttons, each the role may use. */
function NetworkActions({
  network,
  onEdit,
  onDelete,
}: {
  network: AdminNetwork;
  onEdit: ((network: AdminNetwork) => void) | null;
  onDelete: ((network: AdminNetwork) => void) | null;
}) {
  const { t } = useTranslation('admin');
  return (
    <>
      {onEdit && (
        <Button
          size="sm"
          variant="outline-primary"
          className="me-2"
          aria-label={t('traffic.networks.editLabel', { name: network.name })}
          onClick={() => onEdit(network)}
        >
          {t('traffic.edit')}
        </Button>
      )}
      {onDelete && (
        <Button
          size="sm"
          variant="outline-danger"
          aria-label={t('traffic.networks.deleteLabel', { name: network.name })}
          onClick={() => onDelete(network)}
        >
          {t('traffic.networks.delete')}
        </Button>
      )}
    </>
  );
}

/** "Delete network X?" in a modal dialog (focus stays inside it while open; Escape or Cancel closes it). */
function DeleteNetworkDialog({
  network,
  isOpen,
  onClose,
  onDeleted,
}: {
  network: AdminNetwork | null;
  isOpen: boolean;
  onClose: () => void;
  onDeleted: (network: AdminNetwork) => void;
}) {
  const { t } = useTranslation('admin');
  const remove = useDeleteNetwork();
  const close = () => (remove.reset(), onClose());
  return (
    <Modal show={isOpen && network !== null} onHide={close} centered aria-labelledby="delete-network-title">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="delete-network-title" as="h2" className="h5">
          {t('traffic.networks.deleteTitle', { name: network?.name ?? '' })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <FormErrorAlert error={remove.error ? toAdminFormError(remove.error) : null} />
        <p className="mb-0">{t('traffic.networks.deleteText')}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={close} disabled={remove.isPending}>
          {t('traffic.cancel')}
        </Button>
        <Button
          variant="danger"
          disabled={remove.isPending || !network}
          onClick={() =>
            network && remove.mutate(network.id, { onSuccess: () => (remove.reset(), onDeleted(network)) })
          }
        >
          {remove.isPending && <Spinner size="sm" className="me-2" aria-hidden="true" />}
          {t('traffic.networks.delete')}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
