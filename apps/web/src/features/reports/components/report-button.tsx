// "Report" beside "Block" on a member's page: opens the report dialog about the member.
import { useState } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { ReportModal, type ReportSubject } from './report-modal.tsx';

export function ReportButton({
  profile,
  size,
  className = '',
}: {
  profile: { id: number; name: string };
  size?: 'sm' | 'lg';
  className?: string;
}) {
  const { t } = useTranslation('reports');
  const [subject, setSubject] = useState<ReportSubject | null>(null);
  return (
    <>
      <Button
        variant="outline-secondary"
        size={size}
        className={className}
        onClick={() => setSubject({ profile, target: 'profile' })}
      >
        {t('action.report')}
      </Button>
      <ReportModal subject={subject} onClose={() => setSubject(null)} />
    </>
  );
}
