// Icons of the credits screens, from the interface's one SVG set (components/icons.tsx): decorative, hidden from
// assistive technology (the text beside each names it).
export {
  BoltIcon,
  CheckIcon,
  CloseIcon as CrossIcon,
  CoinsIcon,
  ImageIcon,
  StarIcon,
} from '../../../components/icons.tsx';
