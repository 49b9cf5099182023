// Public entry of credits for other features: the welcome bonus offered where a member runs out of credits.
export { WelcomeBonusOffer } from './components/welcome-bonus-offer.tsx';
