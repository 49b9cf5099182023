// A member's round thumbnail: the main image's thumb below the CDN prefix, or a neutral placeholder without one.
import type { UserProfile } from '@app/contracts';
import { UserIcon } from './icons.tsx';
import { useSettings } from '../lib/settings/get-settings.ts';
import { buildImageUrl } from '../lib/image-url.ts';

type UserAvatarProps = { profile: Pick<UserProfile, 'main_image'>; size?: number; className?: string };

/** Decorative: whatever shows it also shows the name. */
export function UserAvatar({ profile, size = 32, className = '' }: UserAvatarProps) {
  const settings = useSettings();
  const style = { width: size, height: size };
  if (profile.main_image) {
    return (
      <img
        src={buildImageUrl(settings.cdn_prefix, profile.main_image.thumb_filename)}
        alt=""
        width={size}
        height={size}
        className={`rounded-circle object-fit-cover flex-shrink-0 ${className}`}
        style={style}
      />
    );
  }
  return (
    <span
      className={`rounded-circle d-inline-flex align-items-center justify-content-center flex-shrink-0 bg-secondary-subtle text-secondary-emphasis ${className}`}
      style={style}
      aria-hidden="true"
      data-testid="avatar-placeholder"
    >
      <UserIcon size={Math.round(size * 0.55)} />
    </span>
  );
}
