// Paid traffic's rows as the repositories write them: networks, visits as buffered, events and first touches, and a
// visit's keys in the report's groupings.
import { type trafficEvents, type trafficNetworks, type trafficVisits } from '../../db/schema/index.ts';

export type NewNetwork = typeof trafficNetworks.$inferInsert;
export type NewVisit = Omit<typeof trafficVisits.$inferInsert, 'id' | 'visitorId'>;
/** A visit as the recorder buffers it: its visitor, whether the visit opened that visitor, and the visit. */
export type BufferedVisit = { visitorId: string; isNewVisitor: boolean; visit: NewVisit };
export type NewEvent = typeof trafficEvents.$inferInsert;

/** The source a business event copies from its member's first touch. */
export type FirstTouch = {
  visitorId: string;
  network: string | null;
  ref: string | null;
  sub1: string | null;
  sub2: string | null;
  sub3: string | null;
  campaign: string | null;
  lander: string | null;
  variant: string | null;
  memberId: number | null;
  clickId: string | null;
};

/**
 * A visit's key in each grouping of the report, as the report shows it ('' for none); the site as a whole is the
 * grouping '' (its key is the site id column). report.repository.ts groups events by the same keys in SQL.
 */
export function groupKeysOf(visit: NewVisit): [grouping: string, key: string][] {
  return [
    ['', ''],
    ['network', visit.network ?? ''],
    ['ref', visit.ref ?? ''],
    ['sub1', visit.sub1 ?? ''],
    ['campaign', visit.utmCampaign ?? ''],
    ['lander', visit.lander ?? ''],
    ['variant', visit.variant ? `${visit.lander ?? ''}:${visit.variant}` : ''],
    ['member', visit.landingMemberId ? String(visit.landingMemberId) : ''],
  ];
}
