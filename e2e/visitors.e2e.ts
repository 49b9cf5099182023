// Journey: who viewed me. A member opens another member's profile in the browser; that member, free, sees the count,
// no visitor's data and the way to premium on /visitors (docs/visitors.md).
import { afterAll, describe, expect, test } from 'vitest';
import { activate, signUp, type Signup } from './support/axe-world.ts';
import { useBrowser } from './support/browser.ts';
import { acceptSiteEntryWarningBeforehand } from './support/site.ts';

const session = useBrowser();
const members: Signup[] = [];

afterAll(() => Promise.all(members.map((member) => member.api.dispose())));

describe('who viewed me', () => {
  test('a profile opened in the browser shows as a visit: the count and the upgrade link for a free member', async () => {
    const [anna, bea] = await Promise.all([signUp(session.baseURL, 'Anna'), signUp(session.baseURL, 'Bea')]);
    members.push(anna, bea);
    await Promise.all([activate(anna), activate(bea)]);

    const annaPage = await session.newPage({ storageState: await anna.api.storageState() });
    await acceptSiteEntryWarningBeforehand(annaPage.context());
    await annaPage.goto(`/members/${bea.id}`);
    await annaPage.getByRole('heading', { level: 1, name: new RegExp(bea.name) }).waitFor();

    const beaPage = await session.newPage({ storageState: await bea.api.storageState() });
    await acceptSiteEntryWarningBeforehand(beaPage.context());
    await beaPage.goto('/visitors');
    await beaPage.getByRole('heading', { level: 1, name: 'Visitors' }).waitFor();
    await beaPage.getByText('1 member viewed your profile in the last 30 days').waitFor();
    expect(await beaPage.getByText(anna.name).count()).toBe(0);
    const upgrade = beaPage.getByRole('link', { name: 'See who viewed me' });
    expect(await upgrade.getAttribute('href')).toBe('/credits');
  }, 60_000);
});
