// "More" under a console list that has another page (`next_cursor`): loads it below the rows already shown, keeping
// a keyboard user's focus on the button while it loads.
import { useTranslation } from 'react-i18next';
import { LoadMoreButton } from '../../../components/load-more-button.tsx';

type PagedQuery = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => Promise<unknown> };

export function MoreButton({ query, className }: { query: PagedQuery; className?: string }) {
  const { t } = useTranslation('admin');
  if (!query.hasNextPage) return null;
  return (
    <LoadMoreButton
      variant="outline-secondary"
      size="sm"
      className={className}
      isLoading={query.isFetchingNextPage}
      onLoad={() => void query.fetchNextPage()}
    >
      {t('common.more')}
    </LoadMoreButton>
  );
}
