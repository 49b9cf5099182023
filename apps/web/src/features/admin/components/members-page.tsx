// Member search of the console (every staff role): by e-mail prefix, id or name prefix; a table with headers.
import { useState, type FormEvent } from 'react';
import { Badge, Button, Form, InputGroup } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/data-table.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { useAdminMembers } from '../api/admin-members.ts';
import { MoreButton } from './more-button.tsx';

export function MembersPage() {
  const { t } = useTranslation('admin');
  const form = useFormValues({ q: '' });
  const [q, setQ] = useState('');
  const members = useAdminMembers(q);
  const rows = members.data?.pages.flatMap((page) => page.members) ?? [];

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setQ(form.values.q.trim());
  };

  return (
    <>
      <h1 className="h4 mb-3">{t('members.title')}</h1>
      <Form id={form.formId} role="search" onSubmit={submit} className="mb-3" style={{ maxWidth: 520 }}>
        <Form.Label htmlFor="admin-member-search">{t('members.search')}</Form.Label>
        <InputGroup>
          <Form.Control
            id="admin-member-search"
            type="search"
            name="q"
            value={form.values.q}
            maxLength={254}
            onChange={(event) => form.setValue('q', event.target.value)}
            aria-describedby="admin-member-search-hint"
          />
          <Button type="submit">{t('members.searchButton')}</Button>
        </InputGroup>
        <Form.Text id="admin-member-search-hint">{t('members.searchHint')}</Form.Text>
      </Form>
      {members.isPending ? (
        <LoadingSpinner />
      ) : rows.length === 0 ? (
        <p className="text-body-secondary">{t('members.empty')}</p>
      ) : (
        <DataTable
          caption={t('members.title')}
          isHover
          className="align-middle"
          rows={rows}
          rowKey={(member) => member.id}
          columns={[
            { key: 'id', header: t('members.columns.id'), cell: (member) => member.id },
            {
              key: 'name',
              header: t('members.columns.name'),
              cell: (member) => <Link to={`/admin/members/${member.id}`}>{member.name ?? t('members.noProfile')}</Link>,
            },
            { key: 'email', header: t('members.columns.email'), cell: (member) => member.email },
            { key: 'site', header: t('members.columns.site'), cell: (member) => member.site_domain },
            {
              key: 'status',
              header: t('members.columns.status'),
              cell: (member) => (
                <>
                  {member.status}{' '}
                  {member.restriction && (
                    <Badge bg={member.restriction.kind === 'banned' ? 'danger' : 'warning'}>
                      {t(`members.restriction.${member.restriction.kind}`)}
                    </Badge>
                  )}
                </>
              ),
            },
            {
              key: 'created',
              header: t('members.columns.created'),
              cell: (member) => formatDate(member.created_at, { dateStyle: 'short' }),
            },
          ]}
        />
      )}
      <MoreButton query={members} />
    </>
  );
}
