// The welcome bonus for every layout (mounted once by the root shell): the banner in the default layout's alert area while
// the time bonus runs, and the time-bonus modal 40 s after the member entered the members area, when their credits are 0
// and they never dismissed it; leaving the area cancels it. It never opens over a conversation or while the member types
// (docs/web-layout.md, "Offers at the right moment"): when due then, it waits for the next calm moment. Everything
// clears at zero, on logout and once the member paid.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation } from 'react-router';
import { useAlertBanner, type AlertBanner } from '../../../components/alerts/alert-store.ts';
import { useUser } from '../../../lib/session/get-user.ts';
import { STORAGE_KEYS, readTimestamp, writeTimestamp } from '../../../lib/storage.ts';
import { useTimeBonus } from '../hooks/use-time-bonus.ts';
import { useIsTyping } from '../../../hooks/use-is-typing.ts';
import {
  TIME_BONUS_MODAL_DELAY_MS,
  isConversationScreen,
  isInMembersArea,
  shouldOfferTimeBonusModal,
} from '../lib/time-bonus.ts';
import { clearPaymentState } from '../lib/payment-store.ts';
import { TimeBonusModal } from './time-bonus-modal.tsx';
import '../credits.css';
import { WelcomeBonusBanner } from './welcome-bonus-banner.tsx';

export const WELCOME_BONUS_ALERT_ID = 'welcome-bonus';

type TimeBonusModalHostProps = { endsAt: number | null; credits: number };

/** The modal's timing, apart so it can be tested with a fake clock. */
export function TimeBonusModalHost({ endsAt, credits }: TimeBonusModalHostProps) {
  const { pathname } = useLocation();
  const [isDismissed, setIsDismissed] = useState(() => readTimestamp(STORAGE_KEYS.timeBonusModal) !== null);
  const [isShown, setIsShown] = useState(false);
  const isInArea = isInMembersArea(pathname);
  const isTyping = useIsTyping();
  // Opened once due and the moment is right; then it stays until closed (keys in the modal are no typing).
  const [isOpen, setIsOpen] = useState(false);
  if (!isOpen && isShown && isInArea && !isDismissed && !isConversationScreen(pathname) && !isTyping) setIsOpen(true);
  const isOffered = shouldOfferTimeBonusModal({ credits, isBonusVisible: endsAt !== null, isDismissed, pathname });

  // Entering the area starts the 40 s; moving inside it (members to chats) keeps them running; leaving cancels them.
  useEffect(() => {
    if (!isOffered) return;
    const timer = setTimeout(() => setIsShown(true), TIME_BONUS_MODAL_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setIsShown(false);
      setIsOpen(false);
    };
  }, [isOffered]);

  const close = useCallback(() => {
    writeTimestamp(STORAGE_KEYS.timeBonusModal);
    setIsDismissed(true);
    setIsShown(false);
    setIsOpen(false);
  }, []);

  if (endsAt === null) return null;
  return <TimeBonusModal show={isOpen && isInArea && !isDismissed} endsAt={endsAt} onClose={close} />;
}

/** The member's home screens, where the welcome-bonus bar shows (the credits screen has its own countdown). */
const BONUS_BAR_SCREENS = new Set(['/', '/members']);

export function WelcomeBonusHost() {
  const { data: user } = useUser();
  const { pathname } = useLocation();
  const bonus = useTimeBonus();
  const endsAt = bonus?.endsAt ?? null;
  // The bar on the home screens only (issue 44: offers at the right moment), not over every screen's top.
  const isBarScreen = BONUS_BAR_SCREENS.has(pathname);

  const banner = useMemo<AlertBanner | null>(
    () =>
      endsAt === null || !isBarScreen
        ? null
        : {
            id: WELCOME_BONUS_ALERT_ID,
            variant: 'warning',
            // Closable, and closed for good: the countdown stays on the credits screen (docs/web-shell.md).
            dismissKey: STORAGE_KEYS.welcomeBonusBanner,
            promptRank: 2,
            message: <WelcomeBonusBanner endsAt={endsAt} />,
          },
    [endsAt, isBarScreen],
  );
  useAlertBanner(banner);

  // Logout: the tab forgets the purchase's country and code.
  const isVisitor = user === null;
  useEffect(() => {
    if (isVisitor) clearPaymentState();
  }, [isVisitor]);

  return <TimeBonusModalHost endsAt={endsAt} credits={user?.credits ?? 0} />;
}
