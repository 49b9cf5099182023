// SPEC 4's timeBonus: running (with its end) for a logged-in unpaid member whose signup is under 4 hours old and whom the
// server still gives the time bonus; gone at zero, on logout and once the member has paid.
import { useEffect, useState } from 'react';
import { useUser } from '../../../lib/session/get-user.ts';
import { useWelcomeCode } from '../api/get-welcome-code.ts';
import { mayHaveTimeBonus, signupWindowEnd, timeBonusEnd } from '../lib/time-bonus.ts';

export type TimeBonus = { endsAt: number };

export function useTimeBonus(): TimeBonus | null {
  const { data: user } = useUser();
  // Re-read when the bonus ends, so everything showing it clears at zero.
  const [now, setNow] = useState(() => Date.now());
  const isCandidate = mayHaveTimeBonus(user, now);
  const { data: welcomeCode } = useWelcomeCode(isCandidate);
  const serverEnd = isCandidate ? timeBonusEnd(welcomeCode, now) : null;
  const windowEnd = user ? signupWindowEnd(user) : null;
  const endsAt = serverEnd === null ? null : Math.min(serverEnd, windowEnd ?? serverEnd);

  useEffect(() => {
    if (endsAt === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, endsAt - Date.now()) + 50);
    return () => clearTimeout(timer);
  }, [endsAt]);

  return endsAt === null ? null : { endsAt };
}
