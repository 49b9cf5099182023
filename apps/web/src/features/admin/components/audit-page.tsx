// The append-only audit log (admins only): who did what to which target, when, with the state before and after.
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { useAuditLog } from '../api/audit-log.ts';
import { MoreButton } from './more-button.tsx';

const show = (value: unknown) => (value === null || value === undefined ? '—' : JSON.stringify(value));

export function AuditPage() {
  const { t } = useTranslation('admin');
  const log = useAuditLog();
  const rows = log.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <>
      <h1 className="h4 mb-3">{t('audit.title')}</h1>
      {log.isPending ? (
        <LoadingSpinner />
      ) : rows.length === 0 ? (
        <p className="text-body-secondary">{t('audit.empty')}</p>
      ) : (
        <DataTable
          caption={t('audit.title')}
          className="small align-top"
          rows={rows}
          rowKey={(entry) => entry.id}
          columns={[
            {
              key: 'when',
              header: t('audit.when'),
              className: 'text-nowrap',
              cell: (entry) => formatDate(entry.created_at, { dateStyle: 'short', timeStyle: 'medium' }),
            },
            { key: 'who', header: t('audit.who'), cell: (entry) => entry.staff_email ?? '—' },
            { key: 'action', header: t('audit.action'), cell: (entry) => <code>{entry.action}</code> },
            {
              key: 'target',
              header: t('audit.target'),
              cell: (entry) => `${entry.target_type}${entry.target_id !== null ? ` #${entry.target_id}` : ''}`,
            },
            {
              key: 'before',
              header: t('audit.before'),
              className: 'text-break',
              style: { maxWidth: 280 },
              cell: (entry) => <code>{show(entry.before)}</code>,
            },
            {
              key: 'after',
              header: t('audit.after'),
              className: 'text-break',
              style: { maxWidth: 280 },
              cell: (entry) => <code>{show(entry.after)}</code>,
            },
          ]}
        />
      )}
      <MoreButton query={log} />
    </>
  );
}
