// One member in the console: account, profile, status and restriction, sessions, ledger; and the actions the role
// may take, each with a reason: suspend until a date, ban (both confirmed first), unban, force logout, credit
// adjustment (admins).
import { useState, type FormEvent } from 'react';
import { Alert, Button, Card, Col, Form, Row } from 'react-bootstrap';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import {
  BAN_REASONS,
  adminBanRequestSchema,
  adminCreditsRequestSchema,
  adminSuspendRequestSchema,
  staffMay,
  type BanReason,
  type Staff,
} from '@app/contracts';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { FormField } from '../../../components/form-field.tsx';
import { SubmitButton } from '../../../components/submit-button.tsx';
import { useFormValues } from '../../../hooks/use-form-values.ts';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { formatDate } from '../../../lib/i18n.ts';
import { useAdminMember } from '../api/admin-member.ts';
import { useAdminMemberLedger } from '../api/admin-member-ledger.ts';
import { useMemberAction, type MemberAction } from '../api/member-action.ts';
import { adminFormError, toAdminFormError } from '../lib/admin-errors.ts';
import { MemberRecords } from './member-records.tsx';
import { ReasonConfirm } from './reason-confirm.tsx';
import { AccountCard, LedgerCard, MemberHeading, ProfileCard, SessionsCard } from './member-detail-parts.tsx';

export function MemberDetailPage({ staff }: { staff: Staff }) {
  const { t } = useTranslation('admin');
  const id = Number(useParams().id);
  const query = useAdminMember(id);
  const ledger = useAdminMemberLedger(id);
  if (query.isPending) return <LoadingSpinner />;
  if (query.isError) return <FormErrorAlert error={toAdminFormError(query.error)} />;
  const member = query.data.member;

  return (
    <>
      <p className="mb-2">
        <Link to="/admin/members">{t('member.back')}</Link>
      </p>
      <MemberHeading member={member} />
      <Row className="g-4">
        <Col lg={6}>
          <AccountCard member={member} />
          <ProfileCard member={member} />
          <SessionsCard sessions={member.sessions} />
          <LedgerCard ledger={ledger} />
        </Col>
        <Col lg={6}>
          <MemberActions
            id={id}
            name={member.name ?? member.email}
            staff={staff}
            isRestricted={member.restriction !== null}
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
  name,
  staff,
  isRestricted,
  hasSessions,
}: {
  id: number;
  name: string;
  staff: Staff;
  isRestricted: boolean;
  hasSessions: boolean;
}) {
  const { t } = useTranslation('admin');
  const logout = useMemberAction(id);
  return (
    <Card className="shadow-sm">
      <Card.Body>
        <h2 className="h6">{t('member.actions')}</h2>
        {staffMay(staff.role, 'POST /api/admin/members/:id/ban') && (
          <RestrictForm id={id} name={name} isRestricted={isRestricted} />
        )}
        <div aria-live="polite">
          <FormErrorAlert error={logout.error ? toAdminFormError(logout.error) : null} />
          <Done kind={logout.isSuccess ? 'logout' : null} />
        </div>
        <Button
          variant="outline-secondary"
          className="mb-4"
          disabled={logout.isPending || !hasSessions}
          onClick={() => logout.mutate({ kind: 'logout', body: {} })}
        >
          {t('member.forceLogout')}
        </Button>
        {staffMay(staff.role, 'POST /api/admin/members/:id/credits') && <CreditsForm id={id} />}
      </Card.Body>
    </Card>
  );
}

function Done({ kind }: { kind: MemberAction['kind'] | null }) {
  const { t } = useTranslation('admin');
  if (!kind) return null;
  return (
    <Alert variant="success" className="small">
      {t(`member.done.${kind}`)}
    </Alert>
  );
}

/**
 * Ban (the submit), suspend until a date, or lift the restriction, with an optional note. A ban or suspension asks first
 * in a dialog that names the member and the consequence, where the reason is chosen on purpose (none preselected).
 */
function RestrictForm({ id, name, isRestricted }: { id: number; name: string; isRestricted: boolean }) {
  const { t } = useTranslation('admin');
  const action = useMemberAction(id);
  const [done, setDone] = useState<MemberAction['kind'] | null>(null);
  const [confirming, setConfirming] = useState<'ban' | 'suspend' | null>(null);
  const form = useFormValues({ note: '', until: '' });
  const note = () => (form.values.note.trim() ? { note: form.values.note.trim() } : {});
  const run = (next: MemberAction | null) => {
    setDone(null);
    if (!next) return;
    action.mutate(next, { onSuccess: () => setDone(next.kind), onError: (error) => form.showApiError(error) });
  };
  const restrict = (kind: 'ban' | 'suspend', reason: BanReason) => {
    setConfirming(null);
    if (kind === 'ban') {
      const body = form.validate(adminBanRequestSchema, { reason, ...note() });
      run(body && { kind, body });
    } else {
      const { until } = form.values;
      const body = form.validate(adminSuspendRequestSchema, {
        reason,
        until: until ? new Date(until).toISOString() : '',
        ...note(),
      });
      run(body && { kind, body });
    }
  };
  return (
    <Form
      id={form.formId}
      noValidate
      onSubmit={(event: FormEvent<HTMLFormElement>) => {
        event.preventDefault();
        setConfirming('ban');
      }}
      aria-label={t('member.restrictForm')}
      className="mb-4"
    >
      <div aria-live="polite">
        <FormErrorAlert error={adminFormError(form.formError)} />
        <Done kind={done} />
      </div>
      <FormField {...form.bind('note')} label={t('member.note')} as="textarea" rows={2} maxLength={2000} />
      <FormField {...form.bind('until')} label={t('member.suspendUntil')} type="datetime-local" />
      <div className="d-flex flex-wrap gap-2">
        <Button type="submit" variant="danger" disabled={action.isPending}>
          {t('member.ban')}
        </Button>
        <Button
          variant="outline-warning"
          disabled={action.isPending || !form.values.until}
          onClick={() => setConfirming('suspend')}
        >
          {t('member.suspend')}
        </Button>
        {isRestricted && (
          <Button
            variant="outline-success"
            disabled={action.isPending}
            onClick={() => run({ kind: 'unban', body: note() })}
          >
            {t('member.unban')}
          </Button>
        )}
      </div>
      <RestrictConfirm
        kind={confirming}
        name={name}
        until={form.values.until}
        isBusy={action.isPending}
        onConfirm={(reason) => restrict(confirming ?? 'ban', reason)}
        onCancel={() => setConfirming(null)}
      />
    </Form>
  );
}

/** The ban's or suspension's confirmation: the member, what happens (until when), and the reason chosen in it. */
function RestrictConfirm({
  kind,
  name,
  until,
  isBusy,
  onConfirm,
  onCancel,
}: {
  kind: 'ban' | 'suspend' | null;
  name: string;
  /** The form's `datetime-local` value. */
  until: string;
  isBusy: boolean;
  onConfirm: (reason: BanReason) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation('admin');
  const date = until ? formatDate(until, { dateStyle: 'long', timeStyle: 'short' }) : '';
  return (
    <ReasonConfirm
      isOpen={kind !== null}
      title={t(`confirm.${kind ?? 'ban'}.title`, { name })}
      confirmLabel={t(`confirm.${kind ?? 'ban'}.confirm`)}
      reasons={BAN_REASONS.map((value) => ({ value, label: t(`banReasons.${value}`) }))}
      isBusy={isBusy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p className="mb-0">
        {kind === 'suspend' ? t('confirm.suspend.body', { name, date }) : t('confirm.ban.body', { name })}
      </p>
    </ReasonConfirm>
  );
}

/** Admins: add or take away credits, booked in the ledger with the reason. */
function CreditsForm({ id }: { id: number }) {
  const { t } = useTranslation('admin');
  const action = useMemberAction(id);
  const form = useFormValues({ amount: '', note: '' });
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const { amount, note } = form.values;
    const body = form.validate(adminCreditsRequestSchema, {
      amount: amount.trim() ? Number(amount) : Number.NaN,
      note,
    });
    if (!body) return;
    action.mutate(
      { kind: 'credits', body },
      {
        onSuccess: () => form.setValues({ amount: '', note: '' }),
        onError: (error) => form.showApiError(error),
      },
    );
  };
  return (
    <Form id={form.formId} noValidate aria-label={t('member.creditsForm')} onSubmit={submit}>
      <div aria-live="polite">
        <FormErrorAlert error={adminFormError(form.formError)} />
        <Done kind={action.isSuccess ? 'credits' : null} />
      </div>
      <Row className="g-2">
        <Col sm={4}>
          <FormField
            {...form.bind('amount')}
            label={t('member.amount')}
            type="number"
            inputMode="numeric"
            hint={t('member.creditsHint')}
          />
        </Col>
        <Col sm={8}>
          <FormField {...form.bind('note')} label={t('member.creditsNote')} maxLength={500} />
        </Col>
      </Row>
      <SubmitButton variant="outline-primary" isPending={action.isPending}>
        {t('member.adjustCredits')}
      </SubmitButton>
    </Form>
  );
}
