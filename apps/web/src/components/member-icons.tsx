// Icons of the members screens (likes, gifts, blocks, photos, coins): the same lucide set as components/icons.tsx,
// kept under this path for the screens that import them from here. Decorative unless given a name.
export {
  BlockIcon,
  CameraIcon,
  CloseIcon,
  CoinsIcon,
  FlameIcon,
  GiftIcon,
  HeartFilledIcon,
  LockIcon,
  StarIcon,
  ThumbsUpIcon,
  UsersIcon,
} from './icons.tsx';
