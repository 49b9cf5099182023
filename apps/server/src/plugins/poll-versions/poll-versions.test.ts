// Poll versions: answered from memory until a change is announced (here or on another instance), a new window, or a gap in the bus.
import { describe, expect, it } from 'vitest';
import type { ChatsResponse } from '@app/contracts';
import { createClient } from '../../test-support/accounts.ts';
import { createMember } from '../../test-support/members.ts';
import { createGappedBus } from '../../test-support/gapped-bus.ts';
import { hasRedis, useTwoInstances, within } from '../../test-support/two-instances.ts';
import { createInProcessBus, type EventBus } from '../bus/bus.ts';
import { createPollVersions } from './poll-versions.ts';

const quietBus = () => createInProcessBus({ onError: () => undefined });
/** Lets the in-process bus deliver (it delivers on the next turn, as Redis would). */
const delivered = () => new Promise((resolve) => setImmediate(resolve));

const versionsOn = (bus: EventBus, cacheSize = 10) => createPollVersions({ bus, cacheSize, onError: () => undefined });

/** A load that counts its calls and answers the current `value`. */
function counter(initial: string) {
  const state = { value: initial, calls: 0 };
  return { state, load: async () => ((state.calls += 1), state.value) };
}

describe('poll versions', () => {
  it('reads a version once, then from memory until a change is announced', async () => {
    const versions = versionsOn(quietBus());
    const { state, load } = counter('v1');
    expect(await versions.read('likes', 7, 1, load)).toBe('v1');
    expect(await versions.read('likes', 7, 1, load)).toBe('v1');
    expect(state.calls).toBe(1);
    state.value = 'v2';
    // Another member's or another kind's change leaves it alone.
    await versions.changed(['likes'], [8]);
    await versions.changed(['chats'], [7]);
    expect(await versions.read('likes', 7, 1, load)).toBe('v1');
    await versions.changed(['likes'], [7]);
    expect(await versions.read('likes', 7, 1, load)).toBe('v2');
    expect(state.calls).toBe(2);
    versions.close();
  });

  it('reads again in a new window, so a change nobody announced shows within one', async () => {
    const versions = versionsOn(quietBus());
    const { state, load } = counter('v1');
    await versions.read('chats', 7, 1, load);
    state.value = 'v2';
    expect(await versions.read('chats', 7, 1, load)).toBe('v1');
    expect(await versions.read('chats', 7, 2, load)).toBe('v2');
    versions.close();
  });

  it('hears the changes another instance announces on the bus', async () => {
    const bus = quietBus();
    const here = versionsOn(bus);
    const there = versionsOn(bus);
    const { state, load } = counter('v1');
    await here.read('likes', 7, 1, load);
    state.value = 'v2';
    await there.changed(['likes', 'chats'], [7, 9]);
    await delivered();
    expect(await here.read('likes', 7, 1, load)).toBe('v2');
    here.close();
    there.close();
  });

  it('does not store a version read while a change was announced', async () => {
    const versions = versionsOn(quietBus());
    let release!: () => void;
    const slow = versions.read(
      'likes',
      7,
      1,
      () => new Promise<string>((resolve) => (release = () => resolve('before'))),
    );
    await versions.changed(['likes'], [7]);
    release();
    expect(await slow).toBe('before');
    const { state, load } = counter('after');
    expect(await versions.read('likes', 7, 1, load)).toBe('after');
    expect(state.calls).toBe(1);
    versions.close();
  });

  it('answers nothing from memory while the bus may be missing events, and forgets everything when it resyncs', async () => {
    const gapped = createGappedBus();
    const versions = versionsOn(gapped.bus);
    const { state, load } = counter('v1');
    await versions.read('likes', 7, 1, load);
    await versions.read('likes', 7, 1, load);
    expect(state.calls).toBe(2);
    gapped.setLive(true);
    await versions.read('likes', 7, 1, load);
    await versions.read('likes', 7, 1, load);
    expect(state.calls).toBe(3);
    gapped.resync();
    await versions.read('likes', 7, 1, load);
    expect(state.calls).toBe(4);
    versions.close();
  });

  it('keeps nothing with a cache size of 0', async () => {
    const versions = versionsOn(quietBus(), 0);
    const { state, load } = counter('v1');
    await versions.read('likes', 7, 1, load);
    await versions.read('likes', 7, 1, load);
    expect(state.calls).toBe(2);
    versions.close();
  });
});

describe.skipIf(!hasRedis)(
  'poll versions on two instances on one database and one Redis (runs when REDIS_URL is set)',
  () => {
    const instances = useTwoInstances();

    it('a like or a message on one instance changes the polls of the other within a second', async () => {
      const [anna, bert] = await Promise.all([createMember(instances.first), createMember(instances.first)]);
      const annaOnSecond = createClient(instances.second, anna.client.ip);
      annaOnSecond.cookie = anna.client.cookie;
      const tagOf = async (url: string) => (await annaOnSecond.request({ url })).headers.etag as string;
      const unchanged = async (url: string, tag: string) =>
        (await annaOnSecond.request({ url, headers: { 'if-none-match': tag } })).statusCode === 304;

      const likesTag = await tagOf('/api/likes.php');
      expect(await unchanged('/api/likes.php', likesTag)).toBe(true);
      expect(
        (await bert.client.request({ method: 'POST', url: '/api/like.php', payload: { id: anna.profileId } }))
          .statusCode,
      ).toBe(200);
      await within(async () => !(await unchanged('/api/likes.php', likesTag)), 1000);

      const chatsTag = await tagOf('/api/chats.php');
      expect(await unchanged('/api/chats.php', chatsTag)).toBe(true);
      const sent = await bert.client.request({
        method: 'POST',
        url: '/api/message.php',
        payload: { to: anna.profileId, client_id: crypto.randomUUID(), text: 'Hello there' },
      });
      expect(sent.statusCode).toBe(200);
      await within(async () => !(await unchanged('/api/chats.php', chatsTag)), 1000);
      const list = (await annaOnSecond.request({ url: '/api/chats.php' })).json<ChatsResponse>();
      expect(list.chats.map((entry) => entry.profile.id)).toContain(bert.profileId);
    });
  },
);
