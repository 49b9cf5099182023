// Session behaviour for every layout: polls the user, ends sessions, logs out when the API says so, saves language choices, keeps tracking data.
import { useEffect, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { onAuthenticationRequired } from '../../../lib/api-client.ts';
import { onLanguageChosen } from '../../../lib/i18n.ts';
import { paths } from '../../../config/paths.ts';
import { captureTracking } from '../../../lib/tracking.ts';
import { ActivationReminder } from '../../activation/index.ts';
import { NotificationAlerts } from '../../notifications/index.ts';
import { userKeys, getUser, useUserRefresh, userQueryOptions } from '../../../lib/session/get-user.ts';
import { updateLanguage } from '../api/update-language.ts';
import {
  clearSession,
  isEndSessionState,
  isSessionExpected,
  setSessionUser,
  waitForSessionChanges,
} from '../../../lib/session/session-cache.ts';

export function SessionManager() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  useUserRefresh();

  // Logout and deletion navigate away first and end the session here, after the destination rendered.
  const shouldEndSession = isEndSessionState(location.state);
  useEffect(() => {
    if (!shouldEndSession) return;
    void clearSession(queryClient);
    // Coming back to this history entry later must not end a newer session.
    const { endSession: _done, ...state } = location.state as Record<string, unknown>;
    void navigate(`${location.pathname}${location.search}`, { replace: true, state });
  }, [shouldEndSession, location.state, location.pathname, location.search, queryClient, navigate]);

  useEffect(() => {
    captureTracking(window.location.search);
  }, []);

  const currentPathRef = useRef('');
  useEffect(() => {
    currentPathRef.current = `${location.pathname}${location.search}`;
  }, [location.pathname, location.search]);

  useEffect(() => {
    let check: Promise<void> | null = null;
    // A request sent with the cookie of a session that a login or activation just replaced answers 403 too:
    // once such a change is done the session is asked, and only a visitor is logged out. Several 403s share one check.
    const verifySession = async () => {
      await waitForSessionChanges();
      if (!isSessionExpected(queryClient)) return;
      const user = await getUser().catch(() => null);
      if (user) {
        await setSessionUser(queryClient, user);
        return;
      }
      await clearSession(queryClient);
      const currentPath = currentPathRef.current;
      if (!currentPath.startsWith(paths.login.path)) await navigate(paths.login.getHref(currentPath));
    };
    return onAuthenticationRequired(() => {
      check ??= verifySession().finally(() => {
        check = null;
      });
    });
  }, [queryClient, navigate]);

  useEffect(
    () =>
      onLanguageChosen(async (language) => {
        // The member view may still be loading (a choice right after the page loaded): wait for it, not "no member".
        const current = await queryClient.ensureQueryData(userQueryOptions()).catch(() => null);
        if (!current || current.language === language) return;
        const { user } = await updateLanguage({ language });
        queryClient.setQueryData(userKeys.all, user);
      }),
    [queryClient],
  );

  return (
    <>
      <ActivationReminder />
      <NotificationAlerts />
    </>
  );
}
