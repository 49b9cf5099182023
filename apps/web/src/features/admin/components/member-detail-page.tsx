// One member in the console: account, profile, status and restriction, sessions, ledger; and the actions the role
// may take, each with a reason: suspend until a date, ban, unban, force logout, credit adjustment (admins).
import { useState, type FormEvent } from 'react';
import { Alert, Badge, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { BAN_REASONS, staffMay, type BanReason, type Staff } from '@app/contracts';
import { DataTable } from '../../../components/data-table.tsx';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { useAdminMember, useAdminMemberLedger, useMemberAction, type MemberAction } from '../api/members.ts';
import { MoreButton } from './more-button.tsx';
import { toAdminFormError } from '../lib/admin-errors.ts';
import { MemberRecords } from './member-records.tsx';

const when = (value: string | null) => (value ? formatDate(value, { dateStyle: 'short', timeStyle: 'short' }) : '—');

export function MemberDetailPage({ staff }: { staff: Staff }) {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  const query = useAdminMember(id);
  const ledger = useAdminMemberLedger(id);
  if (query.isPending) return <LoadingSpinner />;
  if (query.isError) return <FormErrorAlert error={toAdminFormError(query.error)} />;
  const member = query.data.member;
  const restriction = member.restriction;

  return (
    <>
      <p className="mb-2">
        <Link to="/admin/members">{t('member.back')}</Link>
      </p>
      <h1 className="h4 mb-3">
        {member.name ?? member.email}{' '}
        {restriction && (
          <Badge bg={restriction.kind === 'banned' ? 'danger' : 'warning'}>
            {t(`members.restriction.${restriction.kind}`)}
          </Badge>
        )}
      </h1>
      <Row className="g-4">
        <Col lg={6}>
          <Card className="shadow-sm mb-4">
            <Card.Body>
              <h2 className="h6">{t('member.account')}</h2>
              <dl className="row small mb-0">
                <dt className="col-5">{t('members.columns.id')}</dt>
                <dd className="col-7">{member.id}</dd>
                <dt className="col-5">{t('members.columns.email')}</dt>
                <dd className="col-7">{member.email}</dd>
                <dt className="col-5">{t('members.columns.site')}</dt>
                <dd className="col-7">{member.site_domain}</dd>
                <dt className="col-5">{t('members.columns.status')}</dt>
                <dd className="col-7">{member.status}</dd>
                <dt className="col-5">{t('member.balance')}</dt>
                <dd className="col-7">{member.balance}</dd>
                <dt className="col-5">{t('member.reports')}</dt>
                <dd className="col-7">
                  {t('member.reportCounts', { received: member.reports_received, made: member.reports_made })}
                </dd>
                {restriction && (
                  <>
                    <dt className="col-5">{t('member.restriction')}</dt>
                    <dd className="col-7">
                      {t(`banReasons.${restriction.reason}`)}
                      {restriction.until && ` · ${t('member.until', { date: when(restriction.until) })}`}
                      {restriction.note && <span className="d-block text-body-secondary">{restriction.note}</span>}
                    </dd>
                  </>
                )}
              </dl>
            </Card.Body>
          </Card>
          {member.profile && (
            <Card className="shadow-sm mb-4">
              <Card.Body>
                <h2 className="h6">{t('member.profile')}</h2>
                <div className="d-flex gap-3">
                  {member.profile.main_photo_url && (
                    <img
                      src={member.profile.main_photo_url}
                      alt={t('member.photoAlt', { name: member.name ?? '' })}
                      width={96}
                      height={96}
                      className="rounded object-fit-cover"
                    />
                  )}
                  <p className="small mb-0">
                    {[member.profile.gender, member.profile.date_of_birth, member.profile.city, member.profile.country]
                      .filter(Boolean)
                      .join(' · ')}
                    {member.profile.about_me && (
                      <span className="d-block text-body-secondary mt-1">{member.profile.about_me}</span>
                    )}
                  </p>
                </div>
              </Card.Body>
            </Card>
          )}
          <Card className="shadow-sm mb-4">
            <Card.Body>
              <h2 className="h6">{t('member.sessions')}</h2>
              {member.sessions.length === 0 ? (
                <p className="small text-body-secondary mb-0">{t('member.noSessions')}</p>
              ) : (
                <DataTable
                  caption={t('member.sessions')}
                  className="small mb-0"
                  rows={member.sessions}
                  rowKey={(session) => session.id}
                  columns={[
                    { key: 'seen', header: t('member.lastSeen'), cell: (session) => when(session.last_seen_at) },
                    { key: 'ip', header: t('member.ip'), cell: (session) => session.ip ?? '—' },
                    {
                      key: 'device',
                      header: t('member.device'),
                      className: 'text-truncate',
                      style: { maxWidth: 220 },
                      cell: (session) => session.user_agent ?? '—',
                    },
                  ]}
                />
              )}
            </Card.Body>
          </Card>
          <Card className="shadow-sm mb-4">
            <Card.Body>
              <h2 className="h6">{t('member.ledger')}</h2>
              {ledger.data && (
                <DataTable
                  caption={t('member.ledger')}
                  className="small mb-0"
                  rows={ledger.data.pages.flatMap((page) => page.entries)}
                  rowKey={(entry) => entry.id}
                  columns={[
                    { key: 'created', header: t('reports.columns.created'), cell: (entry) => when(entry.created_at) },
                    { key: 'amount', header: t('member.amount'), cell: (entry) => entry.amount },
                    { key: 'reason', header: t('member.reason'), cell: (entry) => entry.reason },
                  ]}
                />
              )}
              <MoreButton query={ledger} className="mt-2" />
            </Card.Body>
          </Card>
        </Col>
        <Col lg={6}>
          <MemberActions
            id={id}
            staff={staff}
            isRestricted={restriction !== null}
            hasSessions={member.sessions.length > 0}
          />
          <div className="mt-4">
            <MemberRecords id={id} name={member.name ?? member.email} />
          </div>
        </Col>
      </Row>
    </>
  );
}

function MemberActions({
  id,
  staff,
  isRestricted,
  hasSessions,
}: {
  id: number;
  staff: Staff;
  isRestricted: boolean;
  hasSessions: boolean;
}) {
  const { t } = useTranslation('admin');
  const action = useMemberAction(id);
  const [reason, setReason] = useState<BanReason>('terms_violation');
  const [note, setNote] = useState('');
  const [until, setUntil] = useState('');
  const [amount, setAmount] = useState('');
  const [creditNote, setCreditNote] = useState('');
  const [done, setDone] = useState<MemberAction['kind'] | null>(null);
  const run = (next: MemberAction) => {
    setDone(null);
    action.mutate(next, { onSuccess: () => setDone(next.kind) });
  };
  const restrict = (kind: 'ban' | 'suspend') => (event?: FormEvent) => {
    event?.preventDefault();
    if (kind === 'ban') run({ kind, body: { reason, ...(note.trim() ? { note: note.trim() } : {}) } });
    else
      run({
        kind,
        body: {
          reason,
          until: until ? new Date(until).toISOString() : '',
          ...(note.trim() ? { note: note.trim() } : {}),
        },
      });
  };
  const canModerate = staffMay(staff.role, 'POST /api/admin/members/:id/ban');

  return (
    <Card className="shadow-sm">
      <Card.Body>
        <h2 className="h6">{t('member.actions')}</h2>
        <div aria-live="polite">
          <FormErrorAlert error={action.error ? toAdminFormError(action.error) : null} />
          {done && (
            <Alert variant="success" className="small">
              {t(`member.done.${done}`)}
            </Alert>
          )}
        </div>
        {canModerate && (
          <Form noValidate onSubmit={restrict('ban')} aria-label={t('member.restrictForm')} className="mb-4">
            <Form.Group className="mb-2" controlId="member-reason">
              <Form.Label>{t('member.reason')}</Form.Label>
              <Form.Select value={reason} onChange={(event) => setReason(event.target.value as BanReason)}>
                {BAN_REASONS.map((value) => (
                  <option key={value} value={value}>
                    {t(`banReasons.${value}`)}
                  </option>
                ))}
              </Form.Select>
            </Form.Group>
            <Form.Group className="mb-2" controlId="member-note">
              <Form.Label>{t('member.note')}</Form.Label>
              <Form.Control
                as="textarea"
                rows={2}
                maxLength={2000}
                value={note}
                onChange={(event) => setNote(event.target.value)}
              />
            </Form.Group>
            <Form.Group className="mb-2" controlId="member-until">
              <Form.Label>{t('member.suspendUntil')}</Form.Label>
              <Form.Control type="datetime-local" value={until} onChange={(event) => setUntil(event.target.value)} />
            </Form.Group>
            <div className="d-flex flex-wrap gap-2">
              <Button type="submit" variant="danger" disabled={action.isPending}>
                {t('member.ban')}
              </Button>
              <Button
                variant="outline-warning"
                disabled={action.isPending || !until}
                onClick={() => restrict('suspend')()}
              >
                {t('member.suspend')}
              </Button>
              {isRestricted && (
                <Button
                  variant="outline-success"
                  disabled={action.isPending}
                  onClick={() => run({ kind: 'unban', body: note.trim() ? { note: note.trim() } : {} })}
                >
                  {t('member.unban')}
                </Button>
              )}
            </div>
          </Form>
        )}
        <Button
          variant="outline-secondary"
          className="mb-4"
          disabled={action.isPending || !hasSessions}
          onClick={() => run({ kind: 'logout', body: {} })}
        >
          {t('member.forceLogout')}
        </Button>
        {staffMay(staff.role, 'POST /api/admin/members/:id/credits') && (
          <Form
            noValidate
            aria-label={t('member.creditsForm')}
            onSubmit={(event) => {
              event.preventDefault();
              run({ kind: 'credits', body: { amount: Number(amount), note: creditNote.trim() } });
            }}
          >
            <Row className="g-2">
              <Col sm={4}>
                <Form.Group controlId="member-credits">
                  <Form.Label>{t('member.amount')}</Form.Label>
                  <Form.Control
                    type="number"
                    step={1}
                    value={amount}
                    onChange={(event) => setAmount(event.target.value)}
                    aria-describedby="member-credits-hint"
                  />
                </Form.Group>
              </Col>
              <Col sm={8}>
                <Form.Group controlId="member-credits-note">
                  <Form.Label>{t('member.creditsNote')}</Form.Label>
                  <Form.Control
                    value={creditNote}
                    maxLength={500}
                    onChange={(event) => setCreditNote(event.target.value)}
                  />
                </Form.Group>
              </Col>
            </Row>
            <Form.Text id="member-credits-hint">{t('member.creditsHint')}</Form.Text>
            <div className="mt-2">
              <Button
                type="submit"
                variant="outline-primary"
                disabled={action.isPending || !amount || creditNote.trim().length < 3}
              >
                {t('member.adjustCredits')}
              </Button>
            </div>
          </Form>
        )}
      </Card.Body>
    </Card>
  );
}
