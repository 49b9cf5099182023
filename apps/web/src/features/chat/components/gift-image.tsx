// The gift catalogue's pictures, drawn here as small inline SVGs (no downloads, no emoji): one per GIFT_KEYS entry.
import type { ReactElement } from 'react';
import type { GiftKey } from '@app/contracts';

const drawings: Record<GiftKey, ReactElement> = {
  rose: (
    <>
      <path d="M32 34 C31 44 33 52 32 60" stroke="#2f8f46" strokeWidth="3" fill="none" strokeLinecap="round" />
      <path d="M32 48 C24 42 18 44 15 48 C21 51 27 51 32 48Z" fill="#3fa75a" />
      <path d="M33 44 C40 38 46 40 49 43 C43 47 38 47 33 44Z" fill="#3fa75a" />
      <path d="M32 36 C20 36 16 26 19 15 C24 18 28 18 32 12 C36 18 40 18 45 15 C48 26 44 36 32 36Z" fill="#d62d4b" />
      <path d="M32 12 C27 18 26 26 32 31 C38 26 37 18 32 12Z" fill="#b5173a" />
      <path d="M24 22 C27 28 37 28 40 22" stroke="#8f0f2c" strokeWidth="1.6" fill="none" />
    </>
  ),
  heart: (
    <>
      <path
        d="M32 56 C14 42 6 33 6 22 C6 13 13 7 21 7 C26 7 30 10 32 14 C34 10 38 7 43 7 C51 7 58 13 58 22 C58 33 50 42 32 56Z"
        fill="#e63950"
      />
      <path
        d="M17 15 C13 17 12 21 12.5 25"
        stroke="#fff"
        strokeOpacity="0.7"
        strokeWidth="3"
        fill="none"
        strokeLinecap="round"
      />
    </>
  ),
  chocolates: (
    <>
      <path d="M8 24 L32 12 L56 24 L32 36Z" fill="#c23b57" />
      <path d="M8 24 L32 36 L32 56 L8 44Z" fill="#9b2542" />
      <path d="M56 24 L32 36 L32 56 L56 44Z" fill="#b22e4d" />
      <path d="M20 18 L44 30" stroke="#f4c542" strokeWidth="3" />
      <circle cx="25" cy="22" r="4" fill="#5b3520" />
      <circle cx="33" cy="26" r="4" fill="#6e4127" />
      <circle cx="41" cy="22" r="4" fill="#5b3520" />
      <circle cx="33" cy="18" r="4" fill="#6e4127" />
      <path d="M30 9 C26 4 21 6 24 10 C26 12 30 11 32 12 C34 11 38 12 40 10 C43 6 38 4 34 9Z" fill="#f4c542" />
    </>
  ),
  champagne: (
    <>
      <path d="M17 10 L29 10 L28 26 C27 32 19 32 18 26Z" fill="#f6e7a8" stroke="#b89b3e" strokeWidth="2" />
      <path d="M18 18 L28 18 L27.6 25 C27 29 19 29 18.4 25Z" fill="#f2cf4a" />
      <path d="M23 31 L23 50 M17 52 L29 52" stroke="#b89b3e" strokeWidth="2.5" strokeLinecap="round" />
      <path d="M35 10 L47 10 L46 26 C45 32 37 32 36 26Z" fill="#f6e7a8" stroke="#b89b3e" strokeWidth="2" />
      <path d="M36 18 L46 18 L45.6 25 C45 29 37 29 36.4 25Z" fill="#f2cf4a" />
      <path d="M41 31 L41 50 M35 52 L47 52" stroke="#b89b3e" strokeWidth="2.5" strokeLinecap="round" />
      <circle cx="22" cy="21" r="1.2" fill="#fff" />
      <circle cx="42" cy="22" r="1.2" fill="#fff" />
      <path d="M32 4 L32 8 M27 5 L29 8 M37 5 L35 8" stroke="#e0b43a" strokeWidth="2" strokeLinecap="round" />
    </>
  ),
  teddy: (
    <>
      <circle cx="18" cy="14" r="7" fill="#a0683a" />
      <circle cx="46" cy="14" r="7" fill="#a0683a" />
      <circle cx="18" cy="14" r="3.5" fill="#e0b487" />
      <circle cx="46" cy="14" r="3.5" fill="#e0b487" />
      <ellipse cx="32" cy="46" rx="17" ry="14" fill="#a0683a" />
      <circle cx="32" cy="25" r="15" fill="#b07643" />
      <ellipse cx="32" cy="30" rx="7" ry="5.5" fill="#e0b487" />
      <ellipse cx="32" cy="28" rx="2.6" ry="2" fill="#3b2415" />
      <circle cx="26" cy="21" r="2" fill="#3b2415" />
      <circle cx="38" cy="21" r="2" fill="#3b2415" />
      <ellipse cx="32" cy="48" rx="9" ry="8" fill="#e0b487" />
      <path d="M32 44 C30 41 26 42 27 45 C28 47 32 50 32 50 C32 50 36 47 37 45 C38 42 34 41 32 44Z" fill="#e63950" />
    </>
  ),
  coffee: (
    <>
      <path
        d="M12 26 L46 26 L43 50 C42 55 38 58 33 58 L25 58 C20 58 16 55 15 50Z"
        fill="#f1ece6"
        stroke="#8a6a52"
        strokeWidth="2"
      />
      <path d="M46 31 C54 31 55 44 44 45" stroke="#8a6a52" strokeWidth="3.5" fill="none" />
      <ellipse cx="29" cy="27" rx="16" ry="3" fill="#6b3f22" />
      <path d="M29 27 C26 25 26 23 29 24 C32 23 32 25 29 27Z" fill="#e9c9a5" />
      <path
        d="M22 8 C19 12 25 14 22 19 M30 6 C27 11 33 13 30 19 M38 8 C35 12 41 14 38 19"
        stroke="#b9a392"
        strokeWidth="2"
        fill="none"
        strokeLinecap="round"
      />
    </>
  ),
  cake: (
    <>
      <rect x="12" y="32" width="40" height="22" rx="3" fill="#f6b8c8" />
      <path
        d="M12 36 C17 42 21 34 26 40 C30 44 34 34 38 40 C42 44 46 34 52 38 L52 34 C52 32 50 32 50 32 L14 32 C12 32 12 34 12 36Z"
        fill="#fff6f0"
      />
      <rect x="8" y="53" width="48" height="5" rx="2.5" fill="#c9a0dc" />
      <rect x="30" y="18" width="4" height="14" rx="1" fill="#7fb6e8" />
      <path d="M32 7 C28 12 29 16 32 16 C35 16 36 12 32 7Z" fill="#f6a623" />
      <circle cx="20" cy="46" r="2" fill="#e63950" />
      <circle cx="32" cy="48" r="2" fill="#e63950" />
      <circle cx="44" cy="46" r="2" fill="#e63950" />
    </>
  ),
  star: (
    <>
      <path
        d="M32 5 L39.6 21.6 L57.7 23.6 L44.2 35.9 L48 53.8 L32 44.6 L16 53.8 L19.8 35.9 L6.3 23.6 L24.4 21.6Z"
        fill="#f7c531"
        stroke="#d99a12"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <path d="M32 14 L36 23" stroke="#fff" strokeOpacity="0.75" strokeWidth="2.5" strokeLinecap="round" />
    </>
  ),
};

type GiftImageProps = {
  gift: GiftKey;
  size?: number;
  /** The gift's translated name for screen readers; leave empty when the name is written beside it. */
  label?: string;
  className?: string;
};

export function GiftImage({ gift, size = 64, label = '', className = '' }: GiftImageProps) {
  const a11y = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true as const };
  return (
    <svg
      viewBox="0 0 64 64"
      width={size}
      height={size}
      className={`gift-image ${className}`}
      focusable="false"
      {...a11y}
    >
      {drawings[gift]}
    </svg>
  );
}
