// The append-only audit log (admins only): who did what to which target, when, with the state before and after.
import { Table } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { useAuditLog } from '../api/audit.ts';
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
        <Table responsive size="sm" className="small align-top">
          <caption className="visually-hidden">{t('audit.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('audit.when')}</th>
              <th scope="col">{t('audit.who')}</th>
              <th scope="col">{t('audit.action')}</th>
              <th scope="col">{t('audit.target')}</th>
              <th scope="col">{t('audit.before')}</th>
              <th scope="col">{t('audit.after')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((entry) => (
              <tr key={entry.id}>
                <td className="text-nowrap">
                  {formatDate(entry.created_at, { dateStyle: 'short', timeStyle: 'medium' })}
                </td>
                <td>{entry.staff_email ?? '—'}</td>
                <td>
                  <code>{entry.action}</code>
                </td>
                <td>
                  {entry.target_type}
                  {entry.target_id !== null && ` #${entry.target_id}`}
                </td>
                <td className="text-break" style={{ maxWidth: 280 }}>
                  <code>{show(entry.before)}</code>
                </td>
                <td className="text-break" style={{ maxWidth: 280 }}>
                  <code>{show(entry.after)}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <MoreButton query={log} />
    </>
  );
}
