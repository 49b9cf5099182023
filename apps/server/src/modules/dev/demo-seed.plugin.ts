// Development demo data: an empty database gets an activated demo member so a newcomer can log in at once,
// and (in the background once the server listens) `memberCount` demo members with photos and likes. Both happen
// under the start-up lock, re-checked inside it, so instances starting together on one database seed once.
import { count, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { profiles, sites, users } from '../../db/schema/index.ts';
import { defaultSiteTexts } from '@app/i18n';
import { defaultSiteValues, siteTextValues } from '../sites/index.ts';
import { DEMO_MEMBER_COUNT, completeDemoProfile, seedDemoMembers } from './demo-members.ts';

type Site = Awaited<ReturnType<FastifyInstance['sites']['resolve']>>;

export const DEMO_LOGIN = { email: 'demo@example.com', password: 'demo1234' } as const;

/**
 * A second white-label site beside the default one, with its own colours (docs/design-system.md): open
 * http://lumen.localhost:<port> (browsers send *.localhost to this machine) to see the same app in blue and teal. It has
 * no members of its own.
 */
export const DEMO_SECOND_SITE = {
  domain: 'lumen.localhost',
  name: 'Lumen',
  themePrimary: '#1e6fd9',
  themeSecondary: '#14b8a6',
} as const;

/** What the demo members write to the demo member (members' own words, so in one language; `gift:` sends a gift). */
const DEMO_CONVERSATIONS = [
  ['Hi! I saw you like hiking too. Any favourite trails around here?', 'gift:coffee'],
  ['Hello! Your photos made me smile. How is your week going?'],
  ['Hey, we matched on music! What are you listening to lately?', 'I just discovered a great jazz bar downtown.'],
  ['gift:rose', 'A little rose to say hi.'],
];

declare module 'fastify' {
  interface FastifyInstance {
    /** The demo login when the demo member exists (development only); server.ts prints it. */
    demoLogin: { email: string; password: string } | null;
  }
}

/** An empty database gets the activated demo member and the second demo site, once among instances starting together. */
async function createDemoLogin(app: FastifyInstance, site: Site): Promise<void> {
  const { accounts } = app.services;
  await app.withStartupLock(async () => {
    if ((await accounts.countUsers()) !== 0) return;
    await accounts.createActivatedMember(site, {
      email: DEMO_LOGIN.email,
      password: DEMO_LOGIN.password,
      username: 'Demo',
      country: 'NL',
      dateOfBirth: '1990-06-15',
      language: 'en',
    });
    app.log.info(`demo member created: ${DEMO_LOGIN.email}`);
    await app.db
      .insert(sites)
      .values({
        ...defaultSiteValues(),
        ...DEMO_SECOND_SITE,
        isDefault: false,
        ...siteTextValues(defaultSiteTexts(DEMO_SECOND_SITE.name), 'en'),
        supportEmail: 'support@lumen.example',
      })
      .onConflictDoNothing();
    app.sites.invalidate();
  });
}

/** A few demo members with an account write to the demo member, so the chat has something to show. Free: seed data. */
async function seedDemoConversations(app: FastifyInstance, site: Site, demoProfileId: number): Promise<number> {
  const writers = await app.db
    .select({ userId: users.id, profileId: profiles.id, name: profiles.name })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(sql`${users.status} = 'active' and ${profiles.status} = 'active' and ${profiles.id} <> ${demoProfileId}`)
    .orderBy(profiles.id)
    .limit(DEMO_CONVERSATIONS.length);
  const freeSite = { ...site, messageCredits: 0, giftCredits: 0 };
  for (const [index, writer] of writers.entries()) {
    const sender = {
      userId: writer.userId,
      profileId: writer.profileId,
      siteId: site.id,
      isPremium: true,
      name: writer.name,
    };
    for (const [line, text] of DEMO_CONVERSATIONS[index]!.entries()) {
      const input = text.startsWith('gift:')
        ? { kind: 'gift' as const, gift: text.slice(5) }
        : { kind: 'text' as const, text };
      await app.services.chats.send(sender, freeSite, demoProfileId, {
        ...input,
        clientId: `demo-seed-${writer.profileId}-${line}`,
      });
    }
  }
  return writers.length;
}

export const demoSeedPlugin = fp<{ isEnabled: boolean; memberCount?: number }>(
  async (app, { isEnabled, memberCount = DEMO_MEMBER_COUNT }) => {
    app.decorate('demoLogin', null);
    if (!isEnabled) return;
    const { accounts } = app.services;
    const site = await app.sites.resolve('');
    await createDemoLogin(app, site);
    if (await accounts.hasAccount(site.id, DEMO_LOGIN.email)) app.demoLogin = DEMO_LOGIN;

    // Only a database holding nothing but the demo user gets demo members (an interrupted seeding left nothing).
    const hasOnlyDemoUser = async () => {
      const [profileCount] = await app.db.select({ value: count() }).from(profiles);
      return Number(profileCount?.value ?? 0) <= 1;
    };
    if (memberCount === 0 || !(await hasOnlyDemoUser())) return;
    const [demo] = await app.db
      .select({ profileId: profiles.id })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(users.email, DEMO_LOGIN.email));
    let isClosing = false;
    let seeding: Promise<void> | null = null;

    // After listen, so start-up is not delayed by rendering photos.
    app.addHook('onListen', async () => {
      const started = Date.now();
      seeding = app
        .withStartupLock(async () => {
          // Another instance may have seeded while this one waited for the lock.
          if (isClosing || !(await hasOnlyDemoUser())) return;
          if (demo) await completeDemoProfile(app.db, demo.profileId);
          const result = await seedDemoMembers({
            db: app.db,
            outbox: app.outbox,
            storage: app.storage,
            siteId: site.id,
            now: app.clock.now(),
            count: memberCount,
            demoProfileId: demo?.profileId ?? null,
            isAborted: () => isClosing,
          });
          const conversations = demo ? await seedDemoConversations(app, site, demo.profileId) : 0;
          // The planner's statistics still describe an empty database (PGlite never analyzes by itself).
          await app.db.execute(sql`analyze`);
          // e2e/support/global-setup.ts waits for this line (or the error below) before the browser tests start.
          console.log(
            `Demo members ready: ${result.members} members, ${result.photos} photos, ${result.likesOfDemoUser} likes and ${result.matchesOfDemoUser} matches and ${conversations} conversations for the demo user (${((Date.now() - started) / 1000).toFixed(1)} s)`,
          );
        })
        .catch((error: Error) => {
          if (!isClosing) app.log.error({ err: error }, 'demo members could not be created');
        });
    });
    app.addHook('onClose', async () => {
      isClosing = true;
      await seeding;
    });
  },
  { name: 'demo-seed', dependencies: ['db', 'site', 'services', 'storage'] },
);
