// The interface's icons: one SVG set (lucide-react), imported by name so the build keeps only the icons in use.
// Decorative by default (lucide sets aria-hidden="true" unless an aria-label, role or title is given): the control
// or text beside an icon carries the name. An icon that carries meaning on its own gets role="img" and aria-label.
import {
  ArrowLeft,
  BadgeCheck,
  Ban,
  Check,
  CheckCheck,
  Coins,
  Camera,
  Gift,
  Globe,
  Heart,
  Image,
  Info,
  Lock,
  MapPin,
  MessageCircle,
  Play,
  Search,
  SendHorizontal,
  ShieldCheck,
  Sparkles,
  Star,
  ThumbsUp,
  UserRound,
  UsersRound,
  Flame,
  Flag,
  X,
  Zap,
  type LucideIcon,
  type LucideProps,
} from 'lucide-react';

export type IconProps = LucideProps;

/** An icon of the set at the interface's default size (16 px, the body text's cap height), never a tab stop. */
export function makeIcon(Component: LucideIcon, defaults: LucideProps = {}) {
  const SizedIcon = (props: IconProps) => <Component size={16} focusable="false" {...defaults} {...props} />;
  SizedIcon.displayName = `${Component.displayName ?? 'Lucide'}Icon`;
  return SizedIcon;
}

export const GlobeIcon = makeIcon(Globe);
export const HeartIcon = makeIcon(Heart);
export const HeartFilledIcon = makeIcon(Heart, { fill: 'currentColor' });
export const SearchIcon = makeIcon(Search);
export const ChatIcon = makeIcon(MessageCircle);
export const ShieldIcon = makeIcon(ShieldCheck);
export const UserIcon = makeIcon(UserRound);
export const UsersIcon = makeIcon(UsersRound);
export const ThumbsUpIcon = makeIcon(ThumbsUp);
export const GiftIcon = makeIcon(Gift);
export const BlockIcon = makeIcon(Ban);
export const LockIcon = makeIcon(Lock);
export const CloseIcon = makeIcon(X);
export const StarIcon = makeIcon(Star);
export const CoinsIcon = makeIcon(Coins);
export const CameraIcon = makeIcon(Camera);
export const FlameIcon = makeIcon(Flame);
export const CheckIcon = makeIcon(Check);
/** Two ticks: a chat message the partner has read. */
export const CheckCheckIcon = makeIcon(CheckCheck);
export const ImageIcon = makeIcon(Image);
export const BoltIcon = makeIcon(Zap);
export const InfoIcon = makeIcon(Info);
export const BackIcon = makeIcon(ArrowLeft);
export const SendIcon = makeIcon(SendHorizontal);
export const FlagIcon = makeIcon(Flag);
export const MapPinIcon = makeIcon(MapPin);
export const PlayIcon = makeIcon(Play);
export const SparklesIcon = makeIcon(Sparkles);
/** The verified badge (staff approved the member's selfie, docs/verification.md). */
export const VerifiedIcon = makeIcon(BadgeCheck);

/**
 * @deprecated A bare 24-unit frame for hand-drawn paths; kept only until the last screen drawing its own icons
 * (features/credits/components/credits-icons.tsx) uses the set above.
 */
export function Icon({ size = 16, children, ...props }: IconProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      {children}
    </svg>
  );
}
