// The members and data that let every screen show real content, made through the API of a running server (the e2e
// server, or the screenshot script's own): two members who match and chat, one paid order, a new member part-way
// through signup; and the list of screens the accessibility check and the screenshot script visit.
import { request as playwrightRequest, type APIRequestContext } from 'playwright-core';

const CLIENT = { 'Request-Type': 'client' };
const PASSWORD = 'a11y-secret-1';

export type StorageState = Awaited<ReturnType<APIRequestContext['storageState']>>;

export type WorldMember = { id: number; name: string; email: string; storageState: StorageState };

export type World = {
  baseURL: string;
  /** The member whose screens are visited: a profile with photo and interests, a match, a conversation, a paid order. */
  member: WorldMember;
  /** Matched with `member`, with whom the conversation is. */
  partner: WorldMember;
  /** A demo member `member` has not talked to (member page, empty conversation). */
  stranger: { id: number; name: string };
  /** A fictional demo member, when the seed made one (its page shows the site's fictional mark). */
  fictional: { id: number; name: string } | null;
  conversationId: number;
  orderId: number;
  bundleId: number;
};

export type Audience = 'visitor' | 'member' | 'signup';

export type Screen = {
  /** File-name friendly: test-results/screens/<locale>-<width>-<name>.png */
  name: string;
  audience: Audience;
  path: (world: World) => string;
  /** For `signup` screens: the step the new member stands at (1-4; 5 is the confirm-e-mail step). */
  signupStep?: 1 | 2 | 3 | 4 | 5;
  /** Opened as a first-time visitor, so the adult-content warning is on top (every other screen has it accepted). */
  showsEntryWarning?: boolean;
  /**
   * Checked by `npm test` too (the rest only by `npm run test:full`, which CI runs): the visitor's layout with its
   * modal, the signup wizard's form, the member's layout on a profile, and a conversation.
   */
  representative?: true;
};

/** Every screen of SPEC section 2 a visitor or member reaches (landing variants and result pages of mails aside). */
export const SCREENS: Screen[] = [
  { name: 'entry-warning', representative: true, audience: 'visitor', path: () => '/', showsEntryWarning: true },
  { name: 'home', audience: 'visitor', path: () => '/' },
  { name: 'login', audience: 'visitor', path: () => '/login' },
  { name: 'signup-account', audience: 'visitor', path: () => '/signup' },
  { name: 'signup-photo', representative: true, audience: 'signup', signupStep: 1, path: () => '/signup' },
  { name: 'signup-about-me', audience: 'signup', signupStep: 2, path: () => '/signup' },
  { name: 'signup-details', audience: 'signup', signupStep: 3, path: () => '/signup' },
  { name: 'signup-push', audience: 'signup', signupStep: 4, path: () => '/signup' },
  { name: 'signup-confirm-email', audience: 'signup', signupStep: 5, path: () => '/signup' },
  { name: 'reset-password', audience: 'visitor', path: () => '/reset-password' },
  { name: 'reset-password-do', audience: 'visitor', path: () => '/reset-password/do?token=not-a-real-token' },
  { name: 'page-terms', audience: 'visitor', path: () => '/pages/terms' },
  { name: 'page-privacy', audience: 'visitor', path: () => '/pages/privacy' },
  { name: 'page-faq', audience: 'visitor', path: () => '/pages/faq' },
  { name: 'page-cookies', audience: 'visitor', path: () => '/pages/cookies' },
  { name: 'page-service', audience: 'visitor', path: () => '/pages/service' },
  { name: 'pricing', audience: 'visitor', path: () => '/pricing' },
  { name: 'visitor-members', audience: 'visitor', path: () => '/members' },
  { name: 'not-found', audience: 'visitor', path: () => '/no/such-page' },
  { name: 'members', audience: 'member', path: () => '/members' },
  { name: 'member-page', representative: true, audience: 'member', path: (world) => `/members/${world.partner.id}` },
  {
    name: 'member-page-fictional',
    audience: 'member',
    path: (world) => `/members/${(world.fictional ?? world.stranger).id}`,
  },
  { name: 'likes', audience: 'member', path: () => '/likes' },
  { name: 'likes-liked', audience: 'member', path: () => '/likes/liked' },
  { name: 'likes-matches', audience: 'member', path: () => '/likes/matches' },
  { name: 'likes-member', audience: 'member', path: (world) => `/likes/m/${world.partner.id}` },
  { name: 'visitors', audience: 'member', path: () => '/visitors' },
  { name: 'match-finder', audience: 'member', path: () => '/match-finder' },
  { name: 'swipe-game', audience: 'member', path: () => '/swipe-game' },
  { name: 'profile', audience: 'member', path: () => '/profile' },
  { name: 'chats', audience: 'member', path: () => '/chats' },
  { name: 'chat', representative: true, audience: 'member', path: (world) => `/chats/${world.conversationId}` },
  { name: 'chat-new', audience: 'member', path: (world) => `/members/${world.stranger.id}/chat` },
  { name: 'credits', audience: 'member', path: () => '/credits' },
  { name: 'payment-method', audience: 'member', path: (world) => `/credits/${world.bundleId}` },
  { name: 'transactions', audience: 'member', path: () => '/transactions' },
  { name: 'transaction', audience: 'member', path: (world) => `/transactions/${world.orderId}` },
  { name: 'premium', audience: 'member', path: () => '/premium' },
  { name: 'notifications', audience: 'member', path: () => '/notifications' },
];

let counter = 0;
function uniqueName(label: string): string {
  counter += 1;
  return `${label}${(Date.now() % 1_000_000).toString(36)}${counter}`;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>, what: string): Promise<T> {
  if (!response.ok())
    throw new Error(`${what} answered ${response.status()}: ${(await response.text()).slice(0, 500)}`);
  return (await response.json()) as T;
}

export type Signup = { api: APIRequestContext; id: number; name: string; email: string };

/** A new account through POST /api/signup.php; its API context holds the session. */
export async function signUp(baseURL: string, label: string, dateOfBirth = '1992-05-17'): Promise<Signup> {
  const api = await playwrightRequest.newContext({ baseURL, extraHTTPHeaders: CLIENT });
  const name = uniqueName(label);
  const email = `${name.toLowerCase()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  const { user } = await ok<{ user: { profile: { id: number } } }>(
    await api.post('/api/signup.php', {
      data: { email, username: name, password: PASSWORD, date_of_birth: dateOfBirth },
    }),
    'signup.php',
  );
  return { api, id: user.profile.id, name, email };
}

/** Follows the activation link of the development mailbox. */
export async function activate(member: Signup): Promise<void> {
  const mailbox = await ok<{ mails: { links: string[] }[] }>(
    await member.api.get(`/api/dev/mailbox?to=${encodeURIComponent(member.email)}`),
    'dev/mailbox',
  );
  const link = mailbox.mails.flatMap((mail) => mail.links).find((href) => href.includes('/activate?token='));
  if (!link) throw new Error(`no activation mail for ${member.email}`);
  await ok(
    await member.api.post('/api/activate.php', { data: { token: new URL(link).searchParams.get('token') } }),
    'activate.php',
  );
}

const signupStep = (member: Signup, data: Record<string, unknown>) =>
  member.api.put('/api/signup.php', { data }).then((response) => ok(response, `signup.php step ${String(data.step)}`));

/** The signup steps after the account, each answered the way a new member would. */
async function completeSignupStep(
  member: Signup,
  step: 1 | 2 | 3 | 4,
  gender: 'male' | 'female' = 'female',
): Promise<void> {
  if (step === 1) await signupStep(member, { step: 1 });
  if (step === 2)
    await signupStep(member, { step: 2, about_me: 'I love long walks by the canals, good coffee and a laugh.' });
  if (step === 3) await signupStep(member, { step: 3, gender, sexuality: 'hetero', country: 'NL', city: 'Amsterdam' });
  if (step === 4) await signupStep(member, { step: 4 });
}

/** Uploads a demo member's photo (drawn portraits in development) as this member's main photo. */
async function uploadPhotoFrom(member: Signup, baseURL: string, imagePath: string): Promise<void> {
  const image = await fetch(new URL(imagePath, baseURL));
  if (!image.ok) throw new Error(`GET ${imagePath} answered ${image.status}`);
  const buffer = Buffer.from(await image.arrayBuffer());
  const type = image.headers.get('content-type') ?? 'image/jpeg';
  const extension = type.includes('png') ? 'png' : type.includes('webp') ? 'webp' : 'jpg';
  await ok(
    await member.api.post('/api/photo.php', {
      multipart: { photo: { name: `me.${extension}`, mimeType: type, buffer } },
    }),
    'photo.php',
  );
}

type Card = { id: number; name: string; is_fictional: boolean; main_image: { filename: string } | null };

/** Builds the world on a running server with seeded demo members. */
export async function buildWorld(baseURL: string): Promise<World> {
  const search = await ok<{ results: Card[] }>(
    await (await playwrightRequest.newContext({ baseURL })).get('/api/search.php?limit=40'),
    'search.php',
  );
  const withPhoto = search.results.filter((card) => card.main_image && !card.is_fictional);
  if (withPhoto.length < 3) throw new Error('the demo members have too few photos to build the screens on');
  const fictionalCard = search.results.find((card) => card.is_fictional) ?? null;

  const member = await signUp(baseURL, 'Alex', '1990-08-23');
  await activate(member);
  await uploadPhotoFrom(member, baseURL, withPhoto[0]!.main_image!.filename);
  for (const step of [2, 3, 4] as const) await completeSignupStep(member, step, 'male');
  await ok(
    await member.api.put('/api/profile.php', {
      data: {
        interests: ['hiking', 'coffee', 'travelling', 'music', 'cooking', 'photography'],
        relationship_status: 'single',
        signup_reason: 'dating',
      },
    }),
    'profile.php',
  );

  const partner = await signUp(baseURL, 'Bea', '1993-02-11');
  await activate(partner);
  await uploadPhotoFrom(partner, baseURL, withPhoto[1]!.main_image!.filename);
  for (const step of [2, 3, 4] as const) await completeSignupStep(partner, step, 'female');
  await ok(
    await partner.api.put('/api/profile.php', {
      data: { interests: ['wine', 'theater', 'beach', 'reading', 'dancing'] },
    }),
    'profile.php',
  );

  // Bea likes Alex, Alex likes back: a match. Then they write to each other.
  await ok(await partner.api.post('/api/like.php', { data: { id: member.id } }), 'like.php');
  await ok(await member.api.post('/api/like.php', { data: { id: partner.id } }), 'like.php');
  const stranger = withPhoto[2]!;
  await ok(await member.api.post('/api/like.php', { data: { id: stranger.id } }), 'like.php');
  const first = await ok<{ conversation: { id: number } }>(
    await partner.api.post('/api/message.php', {
      data: {
        to: member.id,
        client_id: `a11y-${Date.now()}-1`,
        text: 'Hi Alex! I saw you like hiking too. Where do you usually go?',
      },
    }),
    'message.php',
  );
  await ok(
    await member.api.post('/api/message.php', {
      data: { to: partner.id, client_id: `a11y-${Date.now()}-2`, text: 'Hey Bea! Mostly the dunes near Haarlem. You?' },
    }),
    'message.php',
  );

  // One paid order through the sandbox provider's checkout: Alex becomes a paying member with a transaction.
  const credits = await ok<{ bundles: { id: number; is_popular: boolean }[]; methods: { method: string }[] }>(
    await member.api.get('/api/credits.php'),
    'credits.php',
  );
  const bundle = credits.bundles.find((entry) => entry.is_popular) ?? credits.bundles[0]!;
  const method = credits.methods.find((entry) => entry.method === 'ideal')?.method ?? credits.methods[0]!.method;
  const order = await ok<{ order: { id: number }; checkout_url: string }>(
    await member.api.post('/api/order.php', { data: { bundle_id: bundle.id, method } }),
    'order.php',
  );
  const paymentId = new URL(order.checkout_url, baseURL).searchParams.get('id');
  if (paymentId) {
    const paid = await member.api.post('/api/sandbox-checkout.php', {
      form: { id: paymentId, outcome: 'paid' },
      maxRedirects: 0,
    });
    if (paid.status() !== 302) throw new Error(`sandbox-checkout.php answered ${paid.status()}`);
  }

  const world: World = {
    baseURL,
    member: { id: member.id, name: member.name, email: member.email, storageState: await member.api.storageState() },
    partner: {
      id: partner.id,
      name: partner.name,
      email: partner.email,
      storageState: await partner.api.storageState(),
    },
    stranger: { id: stranger.id, name: stranger.name },
    fictional: fictionalCard ? { id: fictionalCard.id, name: fictionalCard.name } : null,
    conversationId: first.conversation.id,
    orderId: order.order.id,
    bundleId: bundle.id,
  };
  await Promise.all([member.api.dispose(), partner.api.dispose()]);
  return world;
}

/**
 * A new member walking through signup: `at(step)` moves them forward to that step (never back) and answers the
 * session to open /signup with. Screens ask in step order.
 */
export function signupWalker(baseURL: string) {
  let member: Signup | null = null;
  let current = 1;
  return {
    async at(step: 1 | 2 | 3 | 4 | 5): Promise<StorageState> {
      if (!member || step < current) {
        await member?.api.dispose();
        member = await signUp(baseURL, 'Newbie', '1995-11-30');
        current = 1;
      }
      while (current < step) {
        await completeSignupStep(member, current as 1 | 2 | 3 | 4);
        current += 1;
      }
      return member.api.storageState();
    },
    async dispose() {
      await member?.api.dispose();
      member = null;
    },
  };
}
