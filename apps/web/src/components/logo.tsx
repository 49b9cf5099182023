// The site's logo: a heart mark and the site name from the settings. The heart is drawn here (lucide's heart path)
// rather than taken from icons.tsx: the logo is on the first paint, whose script budget the icon set would eat into
// (docs/web-build.md).
const HEART_PATH =
  'M19 14c1.49-1.46 3-3.21 3-5.5A5.5 5.5 0 0 0 16.5 3c-1.76 0-3 .5-4.5 2-1.5-1.5-2.74-2-4.5-2A5.5 5.5 0 0 0 2 8.5c0 2.3 1.5 4.05 3 5.5l7 7Z';

export function Logo({ name, isInverted = false }: { name: string; isInverted?: boolean }) {
  return (
    <span className={`site-logo d-inline-flex align-items-center gap-2${isInverted ? ' site-logo-inverted' : ''}`}>
      <span className="site-logo-mark" aria-hidden="true">
        <svg
          width={18}
          height={18}
          viewBox="0 0 24 24"
          fill="currentColor"
          stroke="currentColor"
          strokeWidth={1.5}
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d={HEART_PATH} />
        </svg>
      </span>
      <span className="site-logo-name">{name}</span>
    </span>
  );
}
