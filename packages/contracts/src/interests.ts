// The interest catalogue of SPEC section 2: stable keys (translated in the web app) with their icons, named as in the
// web app's SVG icon set (lucide, kebab-case names; apps/web/src/components/interest-icons.tsx draws them).
export const INTERESTS = [
  { key: 'adventure', icon: 'compass', adult: false },
  { key: 'animals', icon: 'paw-print', adult: false },
  { key: 'art', icon: 'palette', adult: false },
  { key: 'astrology', icon: 'moon-star', adult: false },
  { key: 'bbq', icon: 'drumstick', adult: false },
  { key: 'beach', icon: 'tree-palm', adult: false },
  { key: 'beer', icon: 'beer', adult: false },
  { key: 'biking', icon: 'bike', adult: false },
  { key: 'coffee', icon: 'coffee', adult: false },
  { key: 'cooking', icon: 'chef-hat', adult: false },
  { key: 'dancing', icon: 'disc-3', adult: false },
  { key: 'fashion', icon: 'shirt', adult: false },
  { key: 'foodie', icon: 'utensils-crossed', adult: false },
  { key: 'gardening', icon: 'sprout', adult: false },
  { key: 'gym', icon: 'dumbbell', adult: false },
  { key: 'hiking', icon: 'mountain-snow', adult: false },
  { key: 'movies', icon: 'clapperboard', adult: false },
  { key: 'music', icon: 'music', adult: false },
  { key: 'outdoors', icon: 'tent', adult: false },
  { key: 'party', icon: 'party-popper', adult: false },
  { key: 'photography', icon: 'aperture', adult: false },
  { key: 'politics', icon: 'landmark', adult: false },
  { key: 'reading', icon: 'book-open', adult: false },
  { key: 'relationship', icon: 'heart-handshake', adult: false },
  { key: 'shopping', icon: 'shopping-bag', adult: false },
  { key: 'sports', icon: 'volleyball', adult: false },
  { key: 'sushi', icon: 'fish', adult: false },
  { key: 'tattoos', icon: 'pen-tool', adult: false },
  { key: 'tea', icon: 'leaf', adult: false },
  { key: 'theater', icon: 'drama', adult: false },
  { key: 'travelling', icon: 'plane', adult: false },
  { key: 'vegetarian', icon: 'salad', adult: false },
  { key: 'videogames', icon: 'gamepad-2', adult: false },
  { key: 'wine', icon: 'wine', adult: false },
  { key: 'flirting', icon: 'smile-plus', adult: true },
  { key: 'romance', icon: 'rose', adult: true },
  { key: 'casual_dating', icon: 'calendar-heart', adult: true },
  { key: 'cuddling', icon: 'hand-heart', adult: true },
  { key: 'kissing', icon: 'heart-pulse', adult: true },
  { key: 'massage', icon: 'hand', adult: true },
  { key: 'lingerie', icon: 'gem', adult: true },
  { key: 'roleplay', icon: 'wand-sparkles', adult: true },
  { key: 'fantasies', icon: 'sparkles', adult: true },
  { key: 'sexting', icon: 'smartphone', adult: true },
  { key: 'one_night_stand', icon: 'moon', adult: true },
  { key: 'threesome', icon: 'users-round', adult: true },
  { key: 'swinging', icon: 'shuffle', adult: true },
  { key: 'bdsm', icon: 'link', adult: true },
  { key: 'fetish', icon: 'footprints', adult: true },
  { key: 'naughty_chat', icon: 'message-circle-heart', adult: true },
] as const;

/** The icon names the catalogue uses (the web app maps each to an SVG icon). */
export type InterestIconName = (typeof INTERESTS)[number]['icon'];

export type InterestKey = (typeof INTERESTS)[number]['key'];
export const INTEREST_KEYS = INTERESTS.map((interest) => interest.key) as InterestKey[];

/**
 * The default site's fictional-profile marker (settings.fictional_icon): an icon name of the web app's set, drawn
 * unlike every interest icon. Sites may set their own (another known icon name, or a short text).
 */
export const DEFAULT_FICTIONAL_ICON = 'venetian-mask';
