// A small count badge (new likes, later unread messages): SPEC section 9 caps it at 99+.
import { Badge } from 'react-bootstrap';

export const BADGE_CAP = 99;

/** The badge text: nothing at 0 (or less), the number up to 99, then "99+". */
export function formatBadgeCount(count: number, cap: number = BADGE_CAP): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > cap ? `${cap}+` : String(Math.floor(count));
}

type CountBadgeProps = {
  count: number;
  /** Read by screen readers instead of the bare number, e.g. "3 new likes". */
  label: string;
  bg?: string;
  className?: string;
};

export function CountBadge({ count, label, bg = 'primary', className = '' }: CountBadgeProps) {
  const text = formatBadgeCount(count);
  if (!text) return null;
  return (
    <Badge pill bg={bg} className={`count-badge ${className}`} data-testid="count-badge">
      <span aria-hidden="true">{text}</span>
      <span className="visually-hidden">{label}</span>
    </Badge>
  );
}
