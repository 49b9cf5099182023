// Member search of the console (every staff role): by e-mail prefix, id or name prefix; a table with headers.
import { useState, type FormEvent } from 'react';
import { Badge, Button, Form, InputGroup, Table } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { useAdminMembers } from '../api/members.ts';
import { MoreButton } from './more-button.tsx';

export function MembersPage() {
  const { t } = useTranslation('admin');
  const [draft, setDraft] = useState('');
  const [q, setQ] = useState('');
  const members = useAdminMembers(q);
  const rows = members.data?.pages.flatMap((page) => page.members) ?? [];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(draft.trim());
  };

  return (
    <>
      <h1 className="h4 mb-3">{t('members.title')}</h1>
      <Form role="search" onSubmit={submit} className="mb-3" style={{ maxWidth: 520 }}>
        <Form.Label htmlFor="admin-member-search">{t('members.search')}</Form.Label>
        <InputGroup>
          <Form.Control
            id="admin-member-search"
            type="search"
            value={draft}
            maxLength={254}
            onChange={(event) => setDraft(event.target.value)}
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
        <Table hover responsive size="sm" className="align-middle">
          <caption className="visually-hidden">{t('members.title')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('members.columns.id')}</th>
              <th scope="col">{t('members.columns.name')}</th>
              <th scope="col">{t('members.columns.email')}</th>
              <th scope="col">{t('members.columns.site')}</th>
              <th scope="col">{t('members.columns.status')}</th>
              <th scope="col">{t('members.columns.created')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((member) => (
              <tr key={member.id}>
                <td>{member.id}</td>
                <td>
                  <Link to={`/admin/members/${member.id}`}>{member.name ?? t('members.noProfile')}</Link>
                </td>
                <td>{member.email}</td>
                <td>{member.site_domain}</td>
                <td>
                  {member.status}{' '}
                  {member.restriction && (
                    <Badge bg={member.restriction.kind === 'banned' ? 'danger' : 'warning'}>
                      {t(`members.restriction.${member.restriction.kind}`)}
                    </Badge>
                  )}
                </td>
                <td>{formatDate(member.created_at, { dateStyle: 'short' })}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <MoreButton query={members} />
    </>
  );
}
