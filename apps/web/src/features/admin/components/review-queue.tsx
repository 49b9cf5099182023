// A moderation queue's frame (photos, verification selfies): the announced outcome and the error of the last decision,
// then loading, the empty text, or the cards in a grid, and More for the next page.
import type { ReactNode } from 'react';
import { Alert, Col, Row, type RowProps } from 'react-bootstrap';
import { FormErrorAlert } from '../../../components/form-error-alert.tsx';
import { LoadingSpinner } from '../../../components/loading-spinner.tsx';
import { toAdminFormError } from '../lib/admin-errors.ts';
import { MoreButton } from './more-button.tsx';

type PagedQuery = {
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => Promise<unknown>;
};

export function ReviewQueue<T extends { id: number }>({
  query,
  rows,
  announcement,
  error,
  emptyText,
  columns,
  renderCard,
}: {
  query: PagedQuery;
  rows: T[];
  announcement: string;
  /** The last decision's failure. */
  error: unknown;
  emptyText: string;
  columns: Pick<RowProps, 'xs' | 'sm' | 'lg'>;
  renderCard: (row: T) => ReactNode;
}) {
  return (
    <>
      <div aria-live="polite">
        {announcement && (
          <Alert variant="success" className="small">
            {announcement}
          </Alert>
        )}
        <FormErrorAlert error={error ? toAdminFormError(error) : null} />
      </div>
      {query.isPending ? (
        <LoadingSpinner />
      ) : rows.length === 0 ? (
        <p className="text-body-secondary">{emptyText}</p>
      ) : (
        <Row {...columns} className="g-3">
          {rows.map((row) => (
            <Col key={row.id}>{renderCard(row)}</Col>
          ))}
        </Row>
      )}
      <MoreButton query={query} className="mt-3" />
    </>
  );
}
