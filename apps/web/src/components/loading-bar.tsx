// The thin progress bar at the top of the page while a route or any query is loading.
import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { notifyManager, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HIDDEN_LOADING_BAR, createLoadingBar, type LoadingBar as LoadingBarController } from '../lib/loading-bar.ts';

/**
 * Whether any query is fetching, followed through a plain subscription rather than `useIsFetching`: that one is a
 * `useSyncExternalStore`, whose every change re-renders the whole root synchronously. While a part of a page waits for a
 * code or translation chunk, React re-renders it in the background, each attempt makes new query observers, whose
 * notices reached the store and started the next synchronous render: thousands of renders in a row, the main thread
 * blocked for seconds (the member page took 4 to 38 s to appear). A state update here is an ordinary one: it bails
 * out when the answer did not change and never blocks the page. The bar waits 200 ms before it shows anyway.
 */
function useIsAnyQueryFetching(): boolean {
  const queryClient = useQueryClient();
  const [isFetching, setIsFetching] = useState(() => queryClient.isFetching() > 0);
  useEffect(() => {
    const update = () => setIsFetching(queryClient.isFetching() > 0);
    update();
    // The cache tells its listeners at once, even while another component renders (a new observer): batched, the
    // update runs after that render, as TanStack's own hooks do it.
    return queryClient.getQueryCache().subscribe(notifyManager.batchCalls(update));
  }, [queryClient]);
  return isFetching;
}

export function LoadingBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const isFetching = useIsAnyQueryFetching();
  const isLoading = navigation.state !== 'idle' || isFetching;
  const [state, setState] = useState(HIDDEN_LOADING_BAR);
  const controllerRef = useRef<LoadingBarController | null>(null);

  useEffect(() => {
    const controller = createLoadingBar(setState);
    controllerRef.current = controller;
    return () => {
      controller.dispose();
      controllerRef.current = null;
    };
  }, []);

  useEffect(() => {
    if (isLoading) controllerRef.current?.start();
    else controllerRef.current?.finish();
  }, [isLoading]);

  if (!state.isVisible) return null;
  return (
    <div
      className="loading-bar"
      role="progressbar"
      aria-label={t('loadingBar.label')}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(state.progress)}
      style={{ width: `${state.progress}%` }}
    />
  );
}
