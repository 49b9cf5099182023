// Like, unlike and block change every cached profile and list at once, and put them back when the server refuses.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider, type QueryKey } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { LikesMemberResponse, MemberResponse, ProfileCard, Relation, SignupMatchesResponse } from '@app/contracts';
import { jsonError, mockFetch } from '../test-support/fetch-mock.ts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from './api-client.ts';
import {
  applyRelationChange,
  memberRelationMutation,
  memberRelationsMeta,
  type RelationChange,
} from './member-relations-cache.ts';

// The features' hooks (likes/api/like-member.ts, unlike-member.ts, blocks/api/block-member.ts) are these one-liners;
// shared code imports no feature, so the test builds them, and stands in for the features' keys.
const useRelationMutation = (path: string, method: 'POST' | 'DELETE', change: RelationChange) => {
  const queryClient = useQueryClient();
  return useMutation(
    memberRelationMutation(queryClient, (id: number) => apiRequest(path, { method, body: { id } }), change),
  );
};
const useLikeMember = () => useRelationMutation('like.php', 'POST', { is_liked: true });
const useUnlikeMember = () => useRelationMutation('like.php', 'DELETE', { is_liked: false });
const useBlockMember = () => useRelationMutation('block.php', 'POST', { is_blocked: true });
const memberKeys = { detail: (id: number) => ['member', id] };
const likesMemberKeys = { member: (id: number) => ['likes-member', id] };
const signupMatchesKeys = { all: ['signup-matches'] };
const blocksKeys = { all: ['blocks'] };

afterEach(() => vi.unstubAllGlobals());

const card = (id: number): ProfileCard => ({
  id,
  name: `Member ${id}`,
  age: 30,
  gender: 'female',
  country: 'NL',
  region: null,
  city: null,
  main_image: null,
  is_fictional: false,
});
const relation = (overrides: Partial<Relation> = {}): Relation => ({
  is_liked: false,
  is_liked_by: true,
  is_match: false,
  is_blocked: false,
  ...overrides,
});
const memberAnswer = (id: number, overrides: Partial<Relation> = {}) =>
  ({ member: { ...card(id), relation: relation(overrides) } }) as unknown as MemberResponse;

/** A client holding the caches as their screens leave them; queries never refetch during the test. */
function setupCache() {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Infinity }, mutations: { retry: false } },
  });
  const seed = (queryKey: QueryKey, data: unknown, meta: ReturnType<typeof memberRelationsMeta>) => {
    queryClient.setQueryDefaults(queryKey, { meta });
    queryClient.setQueryData(queryKey, data);
  };
  seed(memberKeys.detail(7), memberAnswer(7), memberRelationsMeta('like', 'block'));
  seed(memberKeys.detail(8), memberAnswer(8), memberRelationsMeta('like', 'block'));
  const likesMember: LikesMemberResponse = {
    profile: card(7),
    is_liked: false,
    is_liked_by: true,
    is_match: false,
    liked_at: null,
    liked_by_at: null,
    matched_at: null,
  };
  seed(likesMemberKeys.member(7), likesMember, memberRelationsMeta('like', 'block'));
  const suggestions: SignupMatchesResponse = {
    profiles: [
      { ...card(7), is_liked: false, is_liked_by: true },
      { ...card(8), is_liked: false, is_liked_by: false },
    ],
  };
  seed(signupMatchesKeys.all, suggestions, memberRelationsMeta('block'));
  seed(blocksKeys.all, { profiles: [card(9)] }, memberRelationsMeta('block'));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, wrapper };
}

/** A server that holds its answer until the test releases it, so the optimistic state can be seen. */
function mockSlowServer(answer: () => { status?: number; body: unknown }) {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const { fetchMock } = mockFetch(() => undefined);
  fetchMock.mockImplementation(async () => {
    await released;
    const { status = 200, body } = answer();
    return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  });
  return { release };
}

const member = (queryClient: QueryClient, id: number) =>
  queryClient.getQueryData<MemberResponse>(memberKeys.detail(id))?.member.relation;

describe('like, unlike and block: optimistic caches', () => {
  it('a like shows at once on the profile, the likes page and the suggestions, a match where they liked first', async () => {
    const { queryClient, wrapper } = setupCache();
    const server = mockSlowServer(() => ({ body: { is_liked: true, is_match: true, is_new_match: true } }));
    const { result } = renderHook(() => useLikeMember(), { wrapper });
    act(() => result.current.mutate(7));
    await waitFor(() => expect(member(queryClient, 7)).toMatchObject({ is_liked: true, is_match: true }));
    expect(queryClient.getQueryData<LikesMemberResponse>(likesMemberKeys.member(7))).toMatchObject({
      is_liked: true,
      is_match: true,
    });
    expect(
      queryClient
        .getQueryData<SignupMatchesResponse>(signupMatchesKeys.all)
        ?.profiles.map((profile) => profile.is_liked),
    ).toEqual([true, false]);
    // Another member's cache is untouched, same object.
    const other = queryClient.getQueryData(memberKeys.detail(8));
    expect(other).toEqual(memberAnswer(8));
    server.release();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(member(queryClient, 7)?.is_liked).toBe(true);
  });

  it('rolls a like back when the server refuses it', async () => {
    const { queryClient, wrapper } = setupCache();
    const server = mockSlowServer(() => jsonError(403, 'blocked_by'));
    const { result } = renderHook(() => useLikeMember(), { wrapper });
    act(() => result.current.mutate(7));
    await waitFor(() => expect(member(queryClient, 7)?.is_liked).toBe(true));
    server.release();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(member(queryClient, 7)).toEqual(relation());
    expect(queryClient.getQueryData<SignupMatchesResponse>(signupMatchesKeys.all)?.profiles[0]?.is_liked).toBe(false);
  });

  it('rolls an unlike back when the server refuses it', async () => {
    const { queryClient, wrapper } = setupCache();
    queryClient.setQueryData(memberKeys.detail(7), memberAnswer(7, { is_liked: true, is_match: true }));
    const server = mockSlowServer(() => jsonError(409, 'error_generic'));
    const { result } = renderHook(() => useUnlikeMember(), { wrapper });
    act(() => result.current.mutate(7));
    await waitFor(() => expect(member(queryClient, 7)).toMatchObject({ is_liked: false, is_match: false }));
    server.release();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(member(queryClient, 7)).toMatchObject({ is_liked: true, is_match: true });
  });

  it('a block marks the profile and takes the member out of every list at once; a refusal puts all back', async () => {
    const { queryClient, wrapper } = setupCache();
    const server = mockSlowServer(() => jsonError(409, 'error_generic'));
    const { result } = renderHook(() => useBlockMember(), { wrapper });
    act(() => result.current.mutate(7));
    await waitFor(() => expect(member(queryClient, 7)?.is_blocked).toBe(true));
    expect(
      queryClient.getQueryData<SignupMatchesResponse>(signupMatchesKeys.all)?.profiles.map((profile) => profile.id),
    ).toEqual([8]);
    server.release();
    await waitFor(() => expect(result.current.isError).toBe(true));
    expect(member(queryClient, 7)?.is_blocked).toBe(false);
    expect(
      queryClient.getQueryData<SignupMatchesResponse>(signupMatchesKeys.all)?.profiles.map((profile) => profile.id),
    ).toEqual([7, 8]);
  });

  it('refetches after a like only what a like changes (suggestions on screen keep their order)', async () => {
    const { queryClient, wrapper } = setupCache();
    const server = mockSlowServer(() => ({ body: { is_liked: true, is_match: false, is_new_match: false } }));
    const { result } = renderHook(() => useLikeMember(), { wrapper });
    act(() => result.current.mutate(8));
    server.release();
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    await waitFor(() => expect(queryClient.getQueryState(memberKeys.detail(8))?.isInvalidated).toBe(true));
    expect(queryClient.getQueryState(signupMatchesKeys.all)?.isInvalidated).toBe(false);
    expect(queryClient.getQueryState(blocksKeys.all)?.isInvalidated).toBe(false);
  });
});

describe('applyRelationChange', () => {
  it('keeps unchanged data as the same object', () => {
    const data = { profiles: [card(1), card(2)], liked_by: [{ id: 1, like_new: true }] };
    expect(applyRelationChange(data, 3, { is_liked: true })).toBe(data);
    expect(applyRelationChange(data, 3, { is_blocked: true })).toBe(data);
  });

  it('drops a blocked member from infinite-query pages too', () => {
    const data = { pages: [{ profiles: [card(1), card(2)], next_cursor: 'x' }], pageParams: [null] };
    expect(applyRelationChange(data, 2, { is_blocked: true })).toEqual({
      pages: [{ profiles: [card(1)], next_cursor: 'x' }],
      pageParams: [null],
    });
  });
});
