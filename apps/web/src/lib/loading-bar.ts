// The loading bar's timing (SPEC section 9): shown only after 200 ms, creeps towards 100 % over 5 s, hides 500 ms after done.
export const LOADING_BAR_THROTTLE_MS = 200;
export const LOADING_BAR_DURATION_MS = 5_000;
export const LOADING_BAR_HIDE_DELAY_MS = 500;
export const LOADING_BAR_TICK_MS = 100;

export type LoadingBarState = { isVisible: boolean; progress: number };
export const HIDDEN_LOADING_BAR: LoadingBarState = { isVisible: false, progress: 0 };

export type LoadingBarOptions = { throttleMs?: number; durationMs?: number; hideDelayMs?: number; tickMs?: number };

export type LoadingBar = {
  /** Loading began; the bar appears only if it is still loading after the throttle. */
  start(): void;
  /** Loading ended; a visible bar jumps to 100 % and hides after the hide delay. */
  finish(): void;
  getState(): LoadingBarState;
  dispose(): void;
};

export function createLoadingBar(
  onChange: (state: LoadingBarState) => void,
  options: LoadingBarOptions = {},
): LoadingBar {
  const {
    throttleMs = LOADING_BAR_THROTTLE_MS,
    durationMs = LOADING_BAR_DURATION_MS,
    hideDelayMs = LOADING_BAR_HIDE_DELAY_MS,
    tickMs = LOADING_BAR_TICK_MS,
  } = options;
  // Each tick adds the same share, so the bar reaches 100 % after `durationMs` of loading.
  const step = (100 * tickMs) / durationMs;
  let state = HIDDEN_LOADING_BAR;
  let isLoading = false;
  let throttleTimer: ReturnType<typeof setTimeout> | undefined;
  let hideTimer: ReturnType<typeof setTimeout> | undefined;
  let tickTimer: ReturnType<typeof setInterval> | undefined;

  const setState = (next: LoadingBarState) => {
    if (next.isVisible === state.isVisible && next.progress === state.progress) return;
    state = next;
    onChange(state);
  };

  const clearTimers = () => {
    clearTimeout(throttleTimer);
    clearTimeout(hideTimer);
    clearInterval(tickTimer);
    throttleTimer = hideTimer = tickTimer = undefined;
  };

  const show = () => {
    throttleTimer = undefined;
    setState({ isVisible: true, progress: 0 });
    tickTimer = setInterval(() => {
      setState({ isVisible: true, progress: Math.min(100, state.progress + step) });
    }, tickMs);
  };

  return {
    start() {
      if (isLoading) return;
      isLoading = true;
      clearTimers();
      // A bar still fading out after the last load restarts at once rather than blinking off and on.
      if (state.isVisible) show();
      else throttleTimer = setTimeout(show, throttleMs);
    },
    finish() {
      if (!isLoading) return;
      isLoading = false;
      clearTimers();
      if (!state.isVisible) return;
      setState({ isVisible: true, progress: 100 });
      hideTimer = setTimeout(() => {
        hideTimer = undefined;
        setState(HIDDEN_LOADING_BAR);
      }, hideDelayMs);
    },
    getState: () => state,
    dispose() {
      clearTimers();
      isLoading = false;
    },
  };
}
