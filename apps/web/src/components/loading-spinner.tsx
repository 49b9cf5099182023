// A page's loading state: since issue 11 a skeleton (title, paragraph, a card), not a spinner, so the page's height is
// roughly there before its data arrives. Pages that know their content's shape use the kit in skeleton.tsx directly
// (a card grid, a list); this is the generic one, kept under its old name for the screens that call it.
import { PageSkeleton } from './skeleton.tsx';

export function LoadingSkeleton({ label }: { label?: string }) {
  return <PageSkeleton label={label} testId="loading-skeleton" />;
}

/** The generic page skeleton (the name predates the skeletons). */
export const LoadingSpinner = LoadingSkeleton;
