// "Show more" under a paged list, usable from the keyboard: it keeps focus while the next page loads (aria-disabled,
// not disabled, which would drop a keyboard user's focus onto the page body, also when infinite scroll starts the
// load as Tab brings the button into view), and a load that ends while it has focus moves focus on to the first item
// the page added, so Tab carries on into the new results instead of past them.
import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { Button, Spinner, type ButtonProps } from 'react-bootstrap';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The list whose children are the items (a ul, a tbody), and how many it holds now. */
export type LoadMoreList = { id: string; itemCount: number };

type LoadMoreButtonProps = Omit<ButtonProps, 'onClick' | 'disabled' | 'children'> & {
  isLoading: boolean;
  onLoad: () => void;
  /** The list the button extends (its aria-controls); without one, focus stays on the button after a load. */
  list?: LoadMoreList;
  children: ReactNode;
};

function focusItem(listId: string, index: number): void {
  const item = document.getElementById(listId)?.children[index];
  const target = item?.matches(FOCUSABLE) ? item : item?.querySelector(FOCUSABLE);
  if (target instanceof HTMLElement) target.focus();
}

export function LoadMoreButton({ isLoading, onLoad, list, children, ...buttonProps }: LoadMoreButtonProps) {
  const button = useRef<HTMLButtonElement>(null);
  const listId = list?.id;
  const itemCount = list?.itemCount ?? 0;

  useLayoutEffect(() => {
    const element = button.current;
    if (!isLoading || listId === undefined || !element) return;
    const countBefore = itemCount;
    // Runs when the load ends, and when the last page takes the button away (still in the document here): the new
    // items are committed by the next frame.
    return () => {
      if (document.activeElement === element) requestAnimationFrame(() => focusItem(listId, countBefore));
    };
  }, [isLoading, listId, itemCount]);

  return (
    <Button
      ref={button}
      {...buttonProps}
      aria-controls={listId}
      aria-disabled={isLoading || undefined}
      onClick={() => {
        if (!isLoading) onLoad();
      }}
    >
      {isLoading && <Spinner size="sm" className="me-2" aria-hidden="true" />}
      {children}
    </Button>
  );
}

/** An infinite query's pages, as the "Show more" under them reads them. */
type MorePages = { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };

/** "Show more" centred under a paged list of cards, while the query has a next page. */
export function MoreBelow({ pages, list, children }: { pages: MorePages; list: LoadMoreList; children: ReactNode }) {
  if (!pages.hasNextPage) return null;
  return (
    <div className="text-center mt-4">
      <LoadMoreButton
        variant="outline-primary"
        isLoading={pages.isFetchingNextPage}
        onLoad={() => void pages.fetchNextPage()}
        list={list}
      >
        {children}
      </LoadMoreButton>
    </div>
  );
}
