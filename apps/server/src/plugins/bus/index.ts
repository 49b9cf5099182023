// Public entry of the event bus: the plugin (`app.bus`) and its types.
export { busPlugin } from './bus.plugin.ts';
export { type BusEvents, type BusHandler, type BusTopic, type EventBus } from './bus.ts';
