// Cached member data that likes and blocks change: queries say so in their meta; like, unlike and block patch them at once and roll back on failure.
import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';

export type RelationKind = 'like' | 'block';
type MemberRelationsMeta = { memberRelations: { refetchAfter: readonly RelationKind[] } };

/**
 * The meta of every query whose answer shows like or block state (profiles, likes, suggestions, the swipe deck, the
 * blocked list): features that like or block patch and refresh them without knowing their keys. Every such query
 * is patched at once; `refetchAfter` says which changes refetch it (a deck or suggestions open on screen must not
 * reshuffle after each like).
 */
export const memberRelationsMeta = (...refetchAfter: RelationKind[]): MemberRelationsMeta => ({
  memberRelations: { refetchAfter },
});

const relationsOf = (query: Query) => (query.meta as Partial<MemberRelationsMeta> | undefined)?.memberRelations;
const isMemberRelationsQuery = (query: Query) => relationsOf(query) !== undefined;

/** After a like or unlike (`like`), block or unblock (`block`) settled: the lists and pages it changes refetch. */
export async function invalidateMemberRelations(queryClient: QueryClient, kind: RelationKind): Promise<void> {
  await queryClient.invalidateQueries({
    predicate: (query) => relationsOf(query)?.refetchAfter.includes(kind) === true,
  });
}

export type RelationChange = { is_liked: boolean } | { is_blocked: boolean };

type Item = Record<string, unknown>;
const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The relation fields of one item (a profile with `relation`, or a suggestion/likes-member answer with `is_liked`), changed. */
function patchRelationFields(fields: Item, change: RelationChange): Item {
  if ('is_liked' in change) {
    const isLikedBy = fields.is_liked_by === true;
    return {
      ...fields,
      is_liked: change.is_liked,
      ...('is_match' in fields ? { is_match: change.is_liked && isLikedBy } : {}),
    };
  }
  return 'is_blocked' in fields ? { ...fields, is_blocked: change.is_blocked } : fields;
}

const isAbout = (item: Item, profileId: number) =>
  item.id === profileId || (isItem(item.profile) && item.profile.id === profileId);

/**
 * The cached answer with the change applied to the member `profileId` wherever it appears. A (un)block also takes
 * the member out of every list: blocked members leave the lists, and an unblocked one leaves the blocked list.
 * Unchanged parts keep their identity, so unrelated screens do not re-render.
 */
export function applyRelationChange(data: unknown, profileId: number, change: RelationChange): unknown {
  if (Array.isArray(data)) {
    const kept = 'is_blocked' in change ? data.filter((entry) => !(isItem(entry) && isAbout(entry, profileId))) : data;
    const mapped = kept.map((entry) => applyRelationChange(entry, profileId, change));
    return kept.length === data.length && mapped.every((entry, index) => entry === data[index]) ? data : mapped;
  }
  if (!isItem(data)) return data;
  let next: Item = data;
  if (isAbout(data, profileId)) {
    if (isItem(data.relation)) next = { ...next, relation: patchRelationFields(data.relation, change) };
    else if ('is_liked' in data && 'is_liked' in change) next = patchRelationFields(next, change);
  }
  for (const [key, value] of Object.entries(next)) {
    if (key === 'relation' || (!Array.isArray(value) && !isItem(value))) continue;
    const patched = applyRelationChange(value, profileId, change);
    if (patched !== value) next = { ...next, [key]: patched };
  }
  return next;
}

/**
 * The optimistic half of a like, unlike, block or unblock: stops refetches that would overwrite it, patches every
 * member-relations query, and answers the rollback that puts the previous answers back.
 */
export async function changeMemberRelation(
  queryClient: QueryClient,
  profileId: number,
  change: RelationChange,
): Promise<() => void> {
  await queryClient.cancelQueries({ predicate: isMemberRelationsQuery });
  const snapshots: [QueryKey, unknown][] = queryClient.getQueriesData({ predicate: isMemberRelationsQuery });
  for (const [queryKey, data] of snapshots) {
    if (data !== undefined) queryClient.setQueryData(queryKey, applyRelationChange(data, profileId, change));
  }
  return () => {
    for (const [queryKey, data] of snapshots) queryClient.setQueryData(queryKey, data);
  };
}

/** Mutation options for a like, unlike, block or unblock of the member whose id is the variable. */
export function memberRelationMutation<TData>(
  queryClient: QueryClient,
  mutationFn: (id: number) => Promise<TData>,
  change: RelationChange,
) {
  return {
    mutationFn,
    onMutate: async (id: number) => ({ rollback: await changeMemberRelation(queryClient, id, change) }),
    onError: (_error: unknown, _id: number, context: { rollback: () => void } | undefined) => context?.rollback(),
    onSettled: () => invalidateMemberRelations(queryClient, 'is_liked' in change ? 'like' : 'block'),
  };
}
