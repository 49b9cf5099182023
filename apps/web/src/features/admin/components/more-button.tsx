// "More" under a console list that has another page (`next_cursor`): loads it below the rows already shown.
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';

type PagedQuery = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

export function MoreButton({ query, className }: { query: PagedQuery; className?: string }) {
  const { t } = useTranslation('admin');
  if (!query.hasNextPage) return null;
  return (
    <Button variant="outline-secondary" size="sm" className={className} disabled={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
      {t('common.more')}
    </Button>
  );
}
