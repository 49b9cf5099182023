// The site's logo: a heart mark and the site name from the settings.
import { HeartIcon } from './icons.tsx';

export function Logo({ name, isInverted = false }: { name: string; isInverted?: boolean }) {
  return (
    <span className={`site-logo d-inline-flex align-items-center gap-2${isInverted ? ' site-logo-inverted' : ''}`}>
      <span className="site-logo-mark" aria-hidden="true">
        <HeartIcon size={18} fill="currentColor" strokeWidth={1.5} />
      </span>
      <span className="site-logo-name">{name}</span>
    </span>
  );
}
