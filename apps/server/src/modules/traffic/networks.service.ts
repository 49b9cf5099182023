// The ad networks staff keep (docs/traffic.md): their query keys, payout rules and postback templates. A change is
// announced through the outbox, so every instance reads the networks again (their keys shape the pages' cache keys).
import {
  POSTBACK_TEMPLATE_KINDS,
  type adminNetworkInputSchema,
  type AdminNetwork,
  type PostbackTemplateKind,
} from '@app/contracts';
import type { z } from 'zod';
import type { NetworkPayouts, NetworkPostbacks, TrafficNetworkRow } from '../../db/schema/index.ts';
import { AppError } from '../../lib/http-errors.ts';
import { isUniqueViolation } from '../../lib/db-errors.ts';
import type { Outbox } from '../../plugins/outbox/index.ts';
import { unknownPlaceholders } from './postback-template.ts';
import type { TrafficRepository } from './traffic.repository.ts';

type NetworkInput = z.output<typeof adminNetworkInputSchema>;

const TEMPLATE_COLUMN: Record<PostbackTemplateKind, keyof NetworkPostbacks> = {
  signup: 'signup',
  activation: 'activation',
  first_purchase: 'firstPurchase',
  purchase: 'purchase',
  reversal: 'reversal',
};

export function toAdminNetwork(row: TrafficNetworkRow): AdminNetwork {
  const percent = (share: { basisPoints: number } | undefined) => (share ? { percent: share.basisPoints / 100 } : null);
  const fixed = (payout: { amountMinor: number; currency: string } | undefined) =>
    payout ? { amount_minor: payout.amountMinor, currency: payout.currency } : null;
  return {
    id: row.id,
    key: row.key,
    name: row.name,
    click_id_param: row.clickIdParam,
    ref_param: row.refParam,
    payouts: {
      signup: fixed(row.payouts.signup),
      activation: fixed(row.payouts.activation),
      first_purchase: percent(row.payouts.firstPurchase),
      purchase: percent(row.payouts.purchase),
    },
    postbacks: Object.fromEntries(
      POSTBACK_TEMPLATE_KINDS.flatMap((kind) => {
        const template = row.postbacks[TEMPLATE_COLUMN[kind]];
        return template ? [[kind, template]] : [];
      }),
    ),
    signature_header: row.signatureHeader,
    has_signing_secret: Boolean(row.signingSecret),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The network's payouts as stored (amounts in minor units, percentages in basis points). */
function payoutsOf(input: NetworkInput): NetworkPayouts {
  const payouts: NetworkPayouts = {};
  if (input.payouts.signup)
    payouts.signup = { amountMinor: input.payouts.signup.amount_minor, currency: input.payouts.signup.currency };
  if (input.payouts.activation)
    payouts.activation = {
      amountMinor: input.payouts.activation.amount_minor,
      currency: input.payouts.activation.currency,
    };
  if (input.payouts.first_purchase)
    payouts.firstPurchase = { basisPoints: Math.round(input.payouts.first_purchase.percent * 100) };
  if (input.payouts.purchase) payouts.purchase = { basisPoints: Math.round(input.payouts.purchase.percent * 100) };
  return payouts;
}

/** The stored form of the input, or a translated 400 naming the field and the placeholder. */
function storedValues(input: NetworkInput, isAddressAllowed: (url: string) => boolean) {
  const postbacks: NetworkPostbacks = {};
  for (const kind of POSTBACK_TEMPLATE_KINDS) {
    const template = input.postbacks[kind];
    if (!template) continue;
    const path = `postbacks.${kind}`;
    const [unknown] = unknownPlaceholders(template);
    if (unknown !== undefined)
      throw new AppError(400, 'postback_placeholder_unknown', { name: unknown }, [
        { path, code: 'postback_placeholder_unknown', params: { name: unknown } },
      ]);
    if (!isAddressAllowed(template))
      throw new AppError(400, 'postback_url_refused', undefined, [{ path, code: 'postback_url_refused' }]);
    postbacks[TEMPLATE_COLUMN[kind]] = template;
  }
  if (input.signature_header && !input.signing_secret && input.signing_secret !== undefined)
    throw new AppError(400, 'validation_failed', undefined, [{ path: 'signing_secret', code: 'invalid_value' }]);
  const payouts = payoutsOf(input);
  return {
    key: input.key,
    name: input.name,
    clickIdParam: input.click_id_param,
    refParam: input.ref_param,
    payouts,
    postbacks,
    signatureHeader: input.signature_header,
    ...(input.signing_secret !== undefined ? { signingSecret: input.signing_secret } : {}),
  };
}

export function createNetworks(deps: {
  repo: Pick<TrafficRepository, 'listNetworks' | 'findNetwork' | 'insertNetwork' | 'updateNetwork' | 'deleteNetwork'>;
  outbox: Pick<Outbox, 'transaction'>;
  /** Whether this installation may call a template's address (production: https on public addresses). */
  isAddressAllowed: (url: string) => boolean;
  /** After a change: this instance reads the networks again before answering (the others hear it by the bus). */
  onChanged: () => Promise<void>;
  now: () => Date;
}) {
  const { repo, outbox } = deps;

  /** The write and its announcement in one transaction; a second network with the key is a translated 409. */
  async function write<T>(work: (tx: Parameters<Parameters<Outbox['transaction']>[0]>[0]) => Promise<T>): Promise<T> {
    let result: T;
    try {
      result = await outbox.transaction(async (tx, effects) => {
        const written = await work(tx);
        await effects.emit('traffic.networks-changed', {});
        return written;
      });
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError(409, 'network_key_taken');
      throw error;
    }
    await deps.onChanged();
    return result;
  }

  return {
    async list(): Promise<AdminNetwork[]> {
      return (await repo.listNetworks()).map(toAdminNetwork);
    },
    async find(id: number): Promise<TrafficNetworkRow> {
      const row = await repo.findNetwork(id);
      if (!row) throw new AppError(404, 'network_not_found');
      return row;
    },
    async create(input: NetworkInput): Promise<TrafficNetworkRow> {
      const values = storedValues(input, deps.isAddressAllowed);
      return write((tx) => repo.insertNetwork(values, tx));
    },
    async update(id: number, input: NetworkInput): Promise<TrafficNetworkRow> {
      const values = storedValues(input, deps.isAddressAllowed);
      const row = await write((tx) => repo.updateNetwork(id, { ...values, updatedAt: deps.now() }, tx));
      if (!row) throw new AppError(404, 'network_not_found');
      return row;
    },
    async remove(id: number): Promise<void> {
      const isDeleted = await write((tx) => repo.deleteNetwork(id, tx));
      if (!isDeleted) throw new AppError(404, 'network_not_found');
    },
  };
}
export type Networks = ReturnType<typeof createNetworks>;
