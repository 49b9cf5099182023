// Public entry of the transactional outbox: the plugin (`app.outbox`) and its types (docs/event-bus.md).
export { outboxPlugin, type OutboxPluginOptions } from './outbox.plugin.ts';
export {
  createOutbox,
  MAX_SWEEP_ATTEMPTS,
  type ChatSentEvent,
  type ConsumerHandler,
  type DeliveryHandler,
  type Effects,
  type Outbox,
  type OutboxEvents,
  type OutboxTopic,
} from './outbox.ts';
