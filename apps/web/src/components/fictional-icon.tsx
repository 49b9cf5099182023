// The site's fictional-profile mark (settings.fictional_icon), named by settings.fictional_singular. The setting is
// never markup: a known icon name draws that SVG from the icon set, an image address (https or a path on the site)
// becomes an <img>, and anything else (an emoji, a letter) is shown as plain text, escaped like any other.
import {
  BadgeInfo,
  Bot,
  Drama,
  EyeOff,
  Info,
  ScanFace,
  Sparkle,
  UserRoundPen,
  VenetianMask,
  type LucideIcon,
} from 'lucide-react';
import { useSettings } from '../lib/settings/get-settings.ts';

/** The icon names a site may choose for its fictional-profile mark (the default site's is DEFAULT_FICTIONAL_ICON). */
export const FICTIONAL_ICONS: Record<string, LucideIcon> = {
  'venetian-mask': VenetianMask,
  'badge-info': BadgeInfo,
  bot: Bot,
  drama: Drama,
  'eye-off': EyeOff,
  info: Info,
  'scan-face': ScanFace,
  sparkle: Sparkle,
  'user-round-pen': UserRoundPen,
};

export type FictionalMark =
  { kind: 'icon'; icon: LucideIcon } | { kind: 'image'; src: string } | { kind: 'text'; text: string } | null;

/** How a fictional_icon setting is drawn; pure, so the rules are tested without rendering. */
export function fictionalMark(setting: string | null | undefined): FictionalMark {
  const value = (setting ?? '').trim();
  if (!value) return null;
  if (Object.hasOwn(FICTIONAL_ICONS, value)) return { kind: 'icon', icon: FICTIONAL_ICONS[value]! };
  if (/^https:\/\/[^\s"'<>]+$/i.test(value) || /^\/(?!\/)[^\s"'<>]*$/.test(value)) return { kind: 'image', src: value };
  return { kind: 'text', text: Array.from(value).slice(0, 8).join('') };
}

export function FictionalIcon({ className = '', size = '1.15em' }: { className?: string; size?: number | string }) {
  const settings = useSettings();
  const mark = fictionalMark(settings.fictional_icon);
  const name = settings.fictional_singular;
  if (!mark) return null;
  if (mark.kind === 'icon') {
    const IconComponent = mark.icon;
    return (
      <IconComponent
        role="img"
        aria-label={name}
        focusable="false"
        size={size}
        className={`fictional-icon ${className}`.trim()}
        style={{ verticalAlign: '-0.2em', flexShrink: 0 }}
      >
        <title>{name}</title>
      </IconComponent>
    );
  }
  if (mark.kind === 'image') {
    return <img src={mark.src} alt={name} title={name} width={18} height={18} className={className} />;
  }
  return (
    <span role="img" aria-label={name} title={name} className={className}>
      {mark.text}
    </span>
  );
}
