// One headless Chromium per spec file, and a fresh context (cookies, storage) and page per test.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, inject } from 'vitest';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page } from 'playwright-core';
import { serverURL } from './server-url.ts';

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-dev-shm-usage',
];

/** Fails fast with Playwright's own message instead of running into the 60 s test timeout. */
const ACTION_TIMEOUT_MS = 10_000;
const artifactsDir = path.resolve('test-results/e2e');

export type ContextOptions = Omit<BrowserContextOptions, 'baseURL'>;

export type BrowserSession = {
  readonly baseURL: string;
  readonly browser: Browser;
  /** This test's visitor: a new context every test, so no cookie or storage leaks between tests. */
  readonly context: BrowserContext;
  readonly page: Page;
  /** Another independent visitor (own cookies and storage), closed after the test. */
  newPage(options?: ContextOptions): Promise<Page>;
};

export type BrowserChoice = {
  /**
   * The file's tests use Web Push (the push service worker, push offered to a member): they run on the full Chromium.
   * Other files run on Chromium's headless shell, the same engine without push at about half the CPU.
   */
  readonly push?: boolean;
};

/**
 * Call once at the top of a spec file. `options` apply to every test's context
 * (e.g. `{ locale: 'nl-NL' }`); relative `page.goto('/x')` resolves against the server under test.
 */
export function useBrowser(options: ContextOptions = {}, choice: BrowserChoice = {}): BrowserSession {
  const baseURL = serverURL();
  let browser: Browser | undefined;
  let contexts: BrowserContext[] = [];
  let current: { context: BrowserContext; page: Page } | undefined;
  /** The page a test opened last (its own or one from newPage()): the one a failure screenshot shows. */
  let lastPage: Page | undefined;
  let pageErrors: string[] = [];

  async function openContext(contextOptions: ContextOptions): Promise<{ context: BrowserContext; page: Page }> {
    if (!browser) throw new Error('useBrowser(): the browser is not running (call it at the top level of a spec file)');
    const context = await browser.newContext({ locale: 'en', ...options, ...contextOptions, baseURL });
    context.setDefaultTimeout(ACTION_TIMEOUT_MS);
    contexts.push(context);
    const page = await context.newPage();
    lastPage = page;
    page.on('pageerror', (error) => pageErrors.push(`pageerror: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') pageErrors.push(`console.error: ${message.text()}`);
    });
    return { context, page };
  }

  beforeAll(async () => {
    const executablePath = choice.push ? inject('chromiumPath') : inject('headlessShellPath');
    browser = await chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
  });

  afterAll(async () => {
    await browser?.close();
    browser = undefined;
  });

  beforeEach(async () => {
    pageErrors = [];
    current = await openContext({});
  });

  afterEach(async ({ task }) => {
    if (task.result?.state === 'fail' && current) {
      // Leave what the browser saw behind for whoever reads the failure: the page the test used last, which is the
      // default page unless the test opened its own with newPage() (then the default one is still about:blank).
      const shown = lastPage && !lastPage.isClosed() && lastPage.url() !== 'about:blank' ? lastPage : current.page;
      const name = `${path.basename(task.file?.name ?? 'spec')}-${task.name}`.replace(/[^\w.-]+/g, '_').slice(0, 120);
      fs.mkdirSync(artifactsDir, { recursive: true });
      const screenshot = path.join(artifactsDir, `${name}.png`);
      await shown.screenshot({ path: screenshot, fullPage: true }).catch(() => undefined);
      console.error(
        [
          `e2e failure: ${task.name}`,
          `  url: ${shown.url()}`,
          `  screenshot: ${path.relative(process.cwd(), screenshot)}`,
          ...pageErrors.map((line) => `  ${line}`),
        ].join('\n'),
      );
    }
    await Promise.all(contexts.map((context) => context.close().catch(() => undefined)));
    contexts = [];
    current = undefined;
    lastPage = undefined;
  });

  const requireCurrent = () => {
    if (!current) throw new Error('useBrowser(): page and context exist only inside a test');
    return current;
  };

  return {
    baseURL,
    get browser() {
      if (!browser) throw new Error('useBrowser(): the browser is not running');
      return browser;
    },
    get context() {
      return requireCurrent().context;
    },
    get page() {
      return requireCurrent().page;
    },
    async newPage(contextOptions: ContextOptions = {}) {
      return (await openContext(contextOptions)).page;
    },
  };
}
