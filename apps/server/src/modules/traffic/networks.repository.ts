// Paid traffic's networks: listed, found by id or key, added, changed, deleted.
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { trafficNetworks, type TrafficNetworkRow } from '../../db/schema/index.ts';
import type { NewNetwork } from './traffic-rows.ts';

export function createNetworksRepository(db: Executor) {
  return {
    async listNetworks(tx: Executor = db): Promise<TrafficNetworkRow[]> {
      return tx.select().from(trafficNetworks).orderBy(asc(trafficNetworks.name), asc(trafficNetworks.id));
    },

    async findNetwork(id: number, tx: Executor = db): Promise<TrafficNetworkRow | undefined> {
      const [row] = await tx.select().from(trafficNetworks).where(eq(trafficNetworks.id, id));
      return row;
    },

    async findNetworkByKey(key: string, tx: Executor = db): Promise<TrafficNetworkRow | undefined> {
      const [row] = await tx.select().from(trafficNetworks).where(eq(trafficNetworks.key, key));
      return row;
    },

    async insertNetwork(values: NewNetwork, tx: Executor = db): Promise<TrafficNetworkRow> {
      const [row] = await tx.insert(trafficNetworks).values(values).returning();
      return row!;
    },

    async updateNetwork(id: number, values: Partial<NewNetwork>, tx: Executor = db) {
      const [row] = await tx.update(trafficNetworks).set(values).where(eq(trafficNetworks.id, id)).returning();
      return row;
    },

    async deleteNetwork(id: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .delete(trafficNetworks)
        .where(eq(trafficNetworks.id, id))
        .returning({ id: trafficNetworks.id });
      return rows.length > 0;
    },
  };
}
