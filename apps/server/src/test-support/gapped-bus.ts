// An in-process event bus whose subscription the test takes down and brings back: what a cache kept fresh by the bus
// must do while events may be lost, and after they may have been.
import { createInProcessBus, type EventBus } from '../plugins/bus/bus.ts';

export function createGappedBus(): { bus: EventBus; setLive(isLive: boolean): void; resync(): void } {
  const inner = createInProcessBus({ onError: () => undefined });
  let isLive = false;
  const resyncHandlers: (() => void)[] = [];
  return {
    bus: { ...inner, isLive: () => isLive, onResync: (handler) => (resyncHandlers.push(handler), () => undefined) },
    setLive: (live) => void (isLive = live),
    resync: () => resyncHandlers.forEach((handler) => handler()),
  };
}
