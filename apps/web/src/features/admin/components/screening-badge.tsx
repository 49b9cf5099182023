// What the image classifier made of a photo (docs/safety.md), beside every photo in the console: the explicit score,
// and the labels' probabilities on request.
import { Badge } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import type { AdminScreening } from '@app/contracts';

const percent = (value: number) => `${Math.round(value * 100)} %`;

export function ScreeningBadge({ screening }: { screening: AdminScreening | null }) {
  const { t } = useTranslation('admin');
  if (!screening) return <Badge bg="secondary">{t('photos.screening.pending')}</Badge>;
  if (screening.status === 'failed')
    return (
      <Badge bg="warning" text="dark">
        {t('photos.screening.failed')}
      </Badge>
    );
  const labels = Object.entries(screening.labels)
    .sort(([, a], [, b]) => b - a)
    .map(([label, value]) => `${label} ${percent(value)}`)
    .join(' · ');
  const score = percent(screening.score ?? 0);
  return (
    <span className="d-inline-flex flex-column align-items-start gap-1">
      <Badge bg={screening.is_explicit ? 'danger' : 'success'}>
        {screening.is_explicit ? t('photos.screening.explicit', { score }) : t('photos.screening.safe', { score })}
      </Badge>
      <span className="text-body-secondary">{t('photos.screening.labels', { labels })}</span>
    </span>
  );
}
