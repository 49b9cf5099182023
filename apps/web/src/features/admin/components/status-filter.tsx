// The row of status buttons above a console queue (reports, tickets): the pressed one is the status shown.
import { Button, ButtonGroup } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

export function StatusFilter<Status extends string>({
  statuses,
  status,
  labelOf,
  onChange,
}: {
  statuses: readonly Status[];
  status: Status;
  labelOf: (status: Status) => string;
  onChange: (status: Status) => void;
}) {
  const { t } = useTranslation('admin');
  return (
    <ButtonGroup aria-label={t('reports.statusFilter')} className="mb-3">
      {statuses.map((value) => (
        <Button
          key={value}
          variant={status === value ? 'primary' : 'outline-primary'}
          aria-pressed={status === value}
          onClick={() => onChange(value)}
        >
          {labelOf(value)}
        </Button>
      ))}
    </ButtonGroup>
  );
}
