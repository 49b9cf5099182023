// A member's photo (thumbnail or large) or, without one, a neutral placeholder with the same shape and the same name for screen readers.
import type { CSSProperties } from 'react';
import type { Image } from '@app/contracts';
import { UserIcon } from './icons.tsx';
import './members-ui.css';

type MemberPhotoProps = {
  image: Image | null | undefined;
  /** What the photo shows, e.g. "Photo of Anna"; an empty string marks it decorative (the name is shown beside it). */
  alt: string;
  /** `thumb`: the 400 x 400 square crop; `full`: the large image. */
  variant?: 'thumb' | 'full';
  /** `fill` fits its box (a square grid cell); `round` is an avatar of `size` pixels. */
  shape?: 'fill' | 'round';
  size?: number;
  className?: string;
  isLazy?: boolean;
  /** The page's largest image (the first search results): fetched first, ahead of other images. */
  isPriority?: boolean;
};

export function MemberPhoto({
  image,
  alt,
  variant = 'thumb',
  shape = 'fill',
  size = 48,
  className = '',
  isLazy = true,
  isPriority = false,
}: MemberPhotoProps) {
  const style: CSSProperties | undefined = shape === 'round' ? { width: size, height: size } : undefined;
  const shapeClass = shape === 'round' ? 'member-photo-round rounded-circle' : 'member-photo-fill';
  if (!image) {
    const label = alt ? { role: 'img', 'aria-label': alt } : { 'aria-hidden': true };
    return (
      <span
        className={`member-photo member-photo-placeholder ${shapeClass} ${className}`}
        style={style}
        data-testid="member-photo-placeholder"
        {...label}
      >
        <UserIcon size={shape === 'round' ? Math.round(size * 0.55) : 56} />
      </span>
    );
  }
  return (
    <img
      src={variant === 'thumb' ? image.thumb_filename : image.filename}
      alt={alt}
      className={`member-photo ${shapeClass} ${className}`}
      style={style}
      width={shape === 'round' ? size : undefined}
      height={shape === 'round' ? size : undefined}
      loading={isLazy && !isPriority ? 'lazy' : undefined}
      fetchPriority={isPriority ? 'high' : undefined}
      decoding="async"
    />
  );
}
