// The thin progress bar at the top of the page while a route or any query is loading.
import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { useIsFetching } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { HIDDEN_LOADING_BAR, createLoadingBar, type LoadingBar as LoadingBarController } from '../lib/loading-bar.ts';

export function LoadingBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const fetchingCount = useIsFetching();
  const isLoading = navigation.state !== 'idle' || fetchingCount > 0;
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
