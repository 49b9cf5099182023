// Visitor pages forget a member at once: a member landing kept by one instance drops the member within a second of a
// change committed on another (rename, photo removal, hiding, a ban), through the outbox and the bus. Two instances
// need Redis (REDIS_URL); without it the same holds on one instance through the in-process bus.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LanderPayload } from '@app/contracts';
import { buildTestApp, writeIndexOnlyDist, type TestApp } from '../../test-support/test-app.ts';
import { createMember, uploadPhoto, type TestMember } from '../../test-support/members.ts';

const STAFF = { id: null, email: 'staff@example.com' };

function landing(html: string): LanderPayload['member'] | undefined {
  const match = /<script type="application\/json" id="lander-data">([\s\S]*?)<\/script>/.exec(html);
  if (!match) throw new Error('no lander payload in the page');
  return (JSON.parse(match[1]!) as LanderPayload).member;
}

describe('visitor pages forget a member at once', () => {
  let dist: Awaited<ReturnType<typeof writeIndexOnlyDist>>;
  /** Where members act (and staff) … */
  let writer: TestApp;
  /** … and where a visitor's landing is kept: another instance on Redis, the same one without. */
  let reader: TestApp;
  const isTwoInstances = Boolean(process.env.REDIS_URL);

  beforeAll(async () => {
    dist = await writeIndexOnlyDist();
    writer = await buildTestApp({ webDistDir: dist.distDir }, { serveWeb: true });
    reader = isTwoInstances
      ? await buildTestApp(
          { webDistDir: dist.distDir, redisKeyPrefix: writer.appConfig.redisKeyPrefix },
          { serveWeb: true },
        )
      : writer;
  });
  afterAll(async () => {
    if (reader !== writer) await reader.close();
    await writer.close();
    await dist.remove();
  });

  async function shownMember(name: string): Promise<TestMember> {
    const member = await createMember(writer, { name, showInAds: true });
    expect((await uploadPhoto(member.client)).statusCode).toBe(201);
    return member;
  }

  /** The landing as the reader keeps it: rendered once, then answered from its cache. */
  async function readerLanding(member: TestMember) {
    const response = await reader.inject({ url: `/members/${member.profileId}/landing` });
    expect(response.statusCode).toBe(200);
    return landing(response.body);
  }

  /** What the reader answers within a second of the change, asked every 50 ms. */
  const withinASecond = (member: TestMember) =>
    expect.poll(() => readerLanding(member), { timeout: 1000, interval: 50 });

  it(`drops a renamed, hidden or banned member within a second (${isTwoInstances ? 'two instances on Redis' : 'one instance'})`, async () => {
    const sam = await shownMember('Shown Sam');
    expect(await readerLanding(sam)).toMatchObject({ name: 'Shown Sam' });
    // Kept: the same page again, with no change, is the kept render.
    expect(await readerLanding(sam)).toMatchObject({ name: 'Shown Sam' });

    const renamed = await sam.client.request({ method: 'PUT', url: '/api/profile.php', payload: { name: 'Samuel' } });
    expect(renamed.statusCode).toBe(200);
    await withinASecond(sam).toMatchObject({ name: 'Samuel' });

    const hidden = await sam.client.request({
      method: 'PUT',
      url: '/api/notifications.php',
      payload: { invisible: true },
    });
    expect(hidden.statusCode).toBe(200);
    await withinASecond(sam).toBeNull();

    const ria = await shownMember('Shown Ria');
    expect(await readerLanding(ria)).toMatchObject({ name: 'Shown Ria' });
    await writer.services.admin.memberActions.restrict(STAFF, ria.user.id, { kind: 'banned', reason: 'scam_spam' });
    // A banned member's landing is no landing of hers at all (the site's pitch, or the app's not-found page).
    await expect
      .poll(async () => (await reader.inject({ url: `/members/${ria.profileId}/landing` })).body, {
        timeout: 1000,
        interval: 50,
      })
      .not.toContain('Shown Ria');
  });

  it('drops a member whose last photo was removed within a second', async () => {
    const tom = await shownMember('Shown Tom');
    expect(await readerLanding(tom)).toMatchObject({ name: 'Shown Tom', main_image: expect.anything() });
    const own = (await tom.client.request({ url: '/api/photos.php' })).json() as { photos: { id: number }[] };
    const removed = await tom.client.request({
      method: 'DELETE',
      url: '/api/photo.php',
      payload: { id: own.photos[0]!.id },
    });
    expect(removed.statusCode).toBeLessThan(300);
    await withinASecond(tom).not.toMatchObject({ main_image: expect.anything() });
  });
});
