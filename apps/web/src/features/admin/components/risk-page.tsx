// The Risk queue (docs/safety.md, "Risk"): members by risk score, each reason with its evidence (sample messages, the
// other account's photo, the counts), and the moderator's actions: clear (held messages go out), warn (a mail),
// refuse the held messages; suspend and ban on the member's page. Each action is announced and audited.
import { useState } from 'react';
import { Badge, Button, Card } from 'react-bootstrap';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { AdminRiskMember, AdminRiskReason } from '@app/contracts';
import { useAdminRisk, useRiskAction, type RiskAction } from '../api/admin-risk.ts';
import { ReviewQueue } from './review-queue.tsx';

export function RiskPage() {
  const { t } = useTranslation('admin');
  const risk = useAdminRisk();
  const action = useRiskAction();
  const [announcement, setAnnouncement] = useState('');
  const act = (member: AdminRiskMember, kind: RiskAction) =>
    action.mutate(
      { userId: member.user_id, action: kind },
      {
        onSuccess: (result) =>
          setAnnouncement(t(`risk.done.${kind}`, { name: member.name ?? member.email, ...result })),
      },
    );
  return (
    <>
      <h1 className="h4 mb-3">{t('risk.title')}</h1>
      <p className="text-body-secondary small">{t('risk.intro')}</p>
      <ReviewQueue
        query={risk}
        rows={(risk.data?.pages.flatMap((page) => page.members) ?? []).map((member) => ({
          ...member,
          id: member.user_id,
        }))}
        announcement={announcement}
        error={action.error}
        emptyText={t('risk.empty')}
        columns={{ xs: 1, lg: 2 }}
        renderCard={(member) => (
          <RiskCard member={member} isBusy={action.isPending} onAct={(kind) => act(member, kind)} />
        )}
      />
    </>
  );
}

function RiskCard(props: { member: AdminRiskMember; isBusy: boolean; onAct: (kind: RiskAction) => void }) {
  const { member, isBusy, onAct } = props;
  const { t } = useTranslation('admin');
  const name = member.name ?? member.email;
  return (
    <Card className="h-100 shadow-sm">
      <Card.Body className="small">
        <h2 className="h6 d-flex flex-wrap align-items-center gap-2">
          <Link to={`/admin/members/${member.user_id}`}>{name}</Link>
          <Badge bg={member.is_held ? 'danger' : 'warning'} text={member.is_held ? undefined : 'dark'}>
            {t('risk.score', { score: member.score })}
          </Badge>
          {member.is_held && <Badge bg="dark">{t('risk.held', { count: member.held_messages })}</Badge>}
        </h2>
        <p className="text-body-secondary mb-2">{member.email}</p>
        <ul className="list-unstyled mb-3">
          {member.reasons.map((reason) => (
            <li key={reason.signal} className="mb-2">
              <RiskReason reason={reason} />
            </li>
          ))}
        </ul>
        <div className="d-flex flex-wrap gap-2">
          <Button size="sm" variant="success" disabled={isBusy} onClick={() => onAct('clear')}>
            {t('risk.actions.clear')}
          </Button>
          <Button size="sm" variant="outline-warning" disabled={isBusy} onClick={() => onAct('warn')}>
            {t('risk.actions.warn')}
          </Button>
          {member.held_messages > 0 && (
            <Button size="sm" variant="outline-danger" disabled={isBusy} onClick={() => onAct('refuse')}>
              {t('risk.actions.refuse')}
            </Button>
          )}
          <Link className="btn btn-sm btn-outline-secondary" to={`/admin/members/${member.user_id}`}>
            {t('risk.actions.suspendOrBan')}
          </Link>
        </div>
      </Card.Body>
    </Card>
  );
}

function RiskReason({ reason }: { reason: AdminRiskReason }) {
  const { t } = useTranslation('admin');
  const evidence = reason.evidence as Record<string, unknown>;
  const samples = Array.isArray(evidence.samples)
    ? (evidence.samples as string[])
    : typeof evidence.sample === 'string'
      ? [evidence.sample]
      : [];
  return (
    <>
      <strong>{t(`risk.signals.${reason.signal}`)}</strong>{' '}
      <span className="text-body-secondary">{t('risk.points', { count: reason.points })}</span>
      <span className="d-block">
        {t(
          `risk.evidence.${reason.signal}`,
          reason.signal === 'face_mismatch'
            ? { similarity: `${Math.round(Number(evidence.similarity) * 100)} %` }
            : (evidence as Record<string, string>),
        )}
      </span>
      {samples.map((sample, index) => (
        <blockquote key={index} className="border-start border-3 ps-2 my-1 text-break">
          {sample}
        </blockquote>
      ))}
      {reason.signal === 'face_mismatch' && typeof evidence.photo_id === 'number' && (
        <img
          src={`/api/admin/photos/${evidence.photo_id}/file`}
          alt={t('risk.photoAlt')}
          width={88}
          height={88}
          className="d-block mt-1 rounded object-fit-cover"
        />
      )}
      {reason.signal === 'reused_photo' && (
        <span className="d-flex gap-2 mt-1">
          <img
            src={`/api/admin/photos/${String(evidence.photo_id)}/file`}
            alt={t('risk.photoAlt')}
            width={88}
            height={88}
            className="rounded object-fit-cover"
          />
          <img
            src={`/api/admin/photos/${String(evidence.other_photo_id)}/file`}
            alt={t('risk.otherPhotoAlt')}
            width={88}
            height={88}
            className="rounded object-fit-cover"
          />
        </span>
      )}
    </>
  );
}
