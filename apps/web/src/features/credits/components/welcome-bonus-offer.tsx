// The welcome bonus with its countdown where a member just ran out of credits (a send refused for lack of them), in
// the page instead of a modal over the conversation (docs/web-layout.md, "Offers at the right moment"); nothing when
// no bonus runs.
import { useTimeBonus } from '../hooks/use-time-bonus.ts';
import { WelcomeBonusBanner } from './welcome-bonus-banner.tsx';
import '../credits.css';

export function WelcomeBonusOffer() {
  const bonus = useTimeBonus();
  if (!bonus) return null;
  return (
    <div className="mt-2">
      <WelcomeBonusBanner endsAt={bonus.endsAt} />
    </div>
  );
}
