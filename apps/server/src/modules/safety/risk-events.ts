// Where risk signals start (docs/safety.md, "Risk"): after commit, from the outbox events of a sent text (`chat.sent`)
// and a report (`report.created`), in the acknowledging transaction: once per event, never on the send's path.
import type { Outbox } from '../../plugins/outbox/index.ts';
import type { RiskService } from './risk.service.ts';

export function consumeRiskEvents(
  outbox: Pick<Outbox, 'consume'>,
  risk: Pick<RiskService, 'onTextSent' | 'onReported'>,
): () => void {
  const stops = [
    outbox.consume('chat.sent', async (event, { tx }) => {
      const { message } = event;
      if (message.kind !== 'text' || typeof message.body !== 'string') return;
      await risk.onTextSent(
        { senderProfileId: event.senderProfileId, partnerProfileId: event.partnerProfileId, text: message.body },
        tx,
      );
    }),
    outbox.consume('report.created', async (event, { tx }) => {
      await risk.onReported(event.reportedProfileId, tx);
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
