// Skeletons: grey placeholders shaped like the content that is loading (Bootstrap's placeholder classes), used as route
// and page fallbacks instead of spinners. Give a skeleton the size the content will have, so nothing moves when the
// data arrives (CLS, docs/web-build.md).
//
//   <Skeleton label={t('...')}>             one status region, announced once, with a shimmer
//     <SkeletonLine width={60} size="lg" />  a line of text (width in % of its container)
//     <SkeletonText lines={3} />              a paragraph
//     <SkeletonBox ratio="3x4" />             a photo or a card's picture; `height` for fixed blocks
//     <SkeletonCircle size={48} />            an avatar
//     <SkeletonButton width="8rem" />         a button
//   </Skeleton>
//   <SkeletonCardGrid count={8} />            a grid of photo cards (search, likes, match finder)
//   <SkeletonList rows={6} />                 rows with an avatar and two lines (conversations, notifications)
//   <PageSkeleton />                          a generic page: title, a paragraph and a card
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

type Size = 'xs' | 'sm' | 'lg';

const sizeClass = (size: Size | undefined) => (size ? ` placeholder-${size}` : '');

/**
 * The region around a skeleton: `role="status"` with a hidden label, so a screen reader hears "Loading…" once instead
 * of a list of empty shapes (the shapes themselves are hidden from it). `as` keeps list and table markup valid.
 */
export function Skeleton({
  children,
  label,
  className = '',
  style,
  as: Tag = 'div',
  testId,
}: {
  children: ReactNode;
  /** What is loading, for screen readers; "Loading…" by default. */
  label?: string;
  className?: string;
  style?: CSSProperties;
  as?: 'div' | 'section' | 'li' | 'span';
  testId?: string;
}) {
  const { t } = useTranslation('common');
  return (
    <Tag
      className={`skeleton placeholder-glow ${className}`}
      style={style}
      role="status"
      aria-busy="true"
      data-testid={testId}
    >
      <span className="visually-hidden">{label ?? t('loading')}</span>
      <span className="skeleton-shapes" aria-hidden="true">
        {children}
      </span>
    </Tag>
  );
}

/** One line of text: `width` in percent of the container; `size` follows the text it stands for (lg for headings). */
export function SkeletonLine({
  width = 100,
  size,
  className = '',
}: {
  width?: number;
  size?: Size;
  className?: string;
}) {
  return (
    <span className={`placeholder d-block rounded${sizeClass(size)} ${className}`} style={{ width: `${width}%` }} />
  );
}

const TEXT_WIDTHS = [100, 92, 96, 70, 88, 60];

/** A paragraph: `lines` lines, the last one shorter, with the line spacing of body text. */
export function SkeletonText({ lines = 3, size, className = '' }: { lines?: number; size?: Size; className?: string }) {
  return (
    <span className={`skeleton-text d-block ${className}`}>
      {Array.from({ length: lines }, (_, index) => (
        <SkeletonLine
          key={index}
          size={size}
          width={index === lines - 1 && lines > 1 ? 55 : TEXT_WIDTHS[index % TEXT_WIDTHS.length]}
        />
      ))}
    </span>
  );
}

/** A block: a photo by its aspect ratio (`3x4` for portrait cards), or a fixed `height` (a card, a form, a chart). */
export function SkeletonBox({
  ratio,
  height,
  className = '',
  rounded = 'rounded-3',
}: {
  ratio?: '1x1' | '3x4' | '4x3' | '16x9';
  height?: string;
  className?: string;
  rounded?: string;
}) {
  if (ratio) {
    return (
      <span className={`d-block ratio ratio-${ratio} ${className}`}>
        <span className={`placeholder d-block w-100 h-100 ${rounded}`} />
      </span>
    );
  }
  return <span className={`placeholder d-block w-100 ${rounded} ${className}`} style={{ height }} />;
}

/** A round avatar of `size` pixels. */
export function SkeletonCircle({ size = 40, className = '' }: { size?: number; className?: string }) {
  return (
    <span
      className={`placeholder d-inline-block rounded-circle flex-shrink-0 ${className}`}
      style={{ width: size, height: size }}
    />
  );
}

/** A button's shape (not a button: it cannot be focused or pressed). */
export function SkeletonButton({
  width = '7rem',
  size,
  className = '',
}: {
  width?: string;
  size?: 'sm' | 'lg';
  className?: string;
}) {
  return (
    <span
      className={`placeholder d-inline-block skeleton-button${size ? ` skeleton-button-${size}` : ''} ${className}`}
      style={{ width }}
    />
  );
}

/**
 * A grid of portrait photo cards with a name and a line under each. `columns` are Bootstrap column classes; keep them
 * equal to the real grid's so the results replace the skeleton in place.
 */
export function SkeletonCardGrid({
  count = 8,
  columns = 'col-6 col-md-4 col-lg-3',
  label,
  className = '',
}: {
  count?: number;
  columns?: string;
  label?: string;
  className?: string;
}) {
  return (
    <Skeleton label={label} className={className}>
      <span className="row g-3">
        {Array.from({ length: count }, (_, index) => (
          <span key={index} className={`d-block ${columns}`}>
            <span className="card d-block h-100 border-0 shadow-sm overflow-hidden">
              <SkeletonBox ratio="3x4" rounded="rounded-0" />
              <span className="card-body d-block">
                <SkeletonLine width={65} className="mb-2" />
                <SkeletonLine width={45} size="sm" />
              </span>
            </span>
          </span>
        ))}
      </span>
    </Skeleton>
  );
}

/** Rows with an avatar and two lines: a conversation list, notifications, likes in a list. */
export function SkeletonList({
  rows = 6,
  avatar = 48,
  label,
  className = '',
}: {
  rows?: number;
  avatar?: number;
  label?: string;
  className?: string;
}) {
  return (
    <Skeleton label={label} className={className}>
      {Array.from({ length: rows }, (_, index) => (
        <span key={index} className="d-flex align-items-center gap-3 py-2">
          <SkeletonCircle size={avatar} />
          <span className="d-block flex-grow-1">
            <SkeletonLine width={index % 2 ? 45 : 60} className="mb-2" />
            <SkeletonLine width={index % 2 ? 80 : 70} size="sm" />
          </span>
        </span>
      ))}
    </Skeleton>
  );
}

/** A generic page while its code or data loads: a title, a paragraph and a card, in the page container. */
export function PageSkeleton({ label, testId = 'page-skeleton' }: { label?: string; testId?: string }) {
  return (
    <Skeleton label={label} className="container py-4" testId={testId}>
      <SkeletonLine width={40} size="lg" className="mb-4 skeleton-heading" />
      <SkeletonText lines={3} className="mb-4" />
      <SkeletonBox height="14rem" />
    </Skeleton>
  );
}
