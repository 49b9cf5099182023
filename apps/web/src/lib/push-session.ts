// Web push for the session: the state the screens show (with the site's key), turning push on from a click, and keeping the account's subscription in step with this browser.
import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useSettings } from './settings/get-settings.ts';
import { useUser, userKeys } from './session/get-user.ts';
import { enablePush, startPush, syncPushSubscription, usePushStore, type PushState } from './push.ts';

/**
 * The push state for screens and alerts. A site without a push key cannot push at all, so it reads `unsupported`
 * there. `isChecked` is false until the browser was asked (the state may still change then).
 */
export function usePushState(): { state: PushState; isChecked: boolean } {
  const settings = useSettings();
  const state = usePushStore((store) => store.state);
  const isChecked = usePushStore((store) => store.isChecked);
  useEffect(() => {
    void startPush();
  }, []);
  return { state: settings.push_public_key ? state : 'unsupported', isChecked };
}

/**
 * Turns push on from a click: asks the browser, subscribes, stores the subscription on the account (which then
 * answers push_subscribed) and reports a failure instead of throwing.
 */
export function useEnablePush() {
  const settings = useSettings();
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const [isPending, setIsPending] = useState(false);
  const [isFailed, setIsFailed] = useState(false);
  const isLoggedIn = Boolean(user);
  const enable = useCallback(async (): Promise<PushState | null> => {
    setIsPending(true);
    setIsFailed(false);
    try {
      return await enablePush({
        publicKey: settings.push_public_key,
        isLoggedIn,
        onSaved: (saved) => queryClient.setQueryData(userKeys.all, saved),
      });
    } catch {
      setIsFailed(true);
      return null;
    } finally {
      setIsPending(false);
    }
  }, [settings.push_public_key, isLoggedIn, queryClient]);
  return { enable, isPending, isFailed };
}

/**
 * Mounted once for every layout (by the session manager): registers the worker; for a member, stores this
 * browser's subscription on the account once per page load and login (the endpoint may have belonged to whoever used
 * this browser before, or been dropped by the server); a push arriving while the page is open refreshes the user.
 */
export function usePushSession(): void {
  const settings = useSettings();
  const queryClient = useQueryClient();
  const { data: user } = useUser();
  const userId = user?.id ?? null;
  const publicKey = settings.push_public_key;

  useEffect(() => {
    void startPush();
  }, []);

  useEffect(() => {
    if (userId === null) return;
    let isCurrent = true;
    void syncPushSubscription(publicKey, (saved) => {
      if (isCurrent && saved.id === userId) queryClient.setQueryData(userKeys.all, saved);
    });
    return () => {
      isCurrent = false;
    };
  }, [userId, publicKey, queryClient]);

  const lastMessage = usePushStore((store) => store.lastMessage);
  useEffect(() => {
    if (lastMessage && userId !== null) void queryClient.invalidateQueries({ queryKey: userKeys.all });
  }, [lastMessage, userId, queryClient]);
}
