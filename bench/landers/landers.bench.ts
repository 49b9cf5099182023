// Landers benchmark (`npm run bench -- landers`): Lighthouse 12.8 mobile performance and accessibility of every lander
// and member landing beside a bare Vite page measured in the same run (targets: within 0.95 of its score, and 1.0
// accessibility). Not a test. Method as bench/web (docs/web-build.md); figures in docs/landers.md.
//   --no-build   measure apps/web/dist as it is instead of building the working tree into a temporary folder
//   BENCH_LIGHTHOUSE_RUNS (3)   Lighthouse runs per page, interleaved; the median is printed
//   BENCH_DEMO_MEMBERS (60)     demo members the development server seeds (the landers' profiles)
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { LANDER_NAMES } from '@app/contracts';
import { buildBarePage, serveStatic } from '../web/bare-page.ts';
import { stop, median } from '../support/processes.ts';
import {
  buildApp,
  failedAccessibilityLines,
  launchChromiumForLighthouse,
  root,
  runLighthouseRounds,
  startApp,
  type LighthouseTarget,
} from '../support/web-app.ts';

const SHOULD_BUILD = !process.argv.includes('--no-build');
const LIGHTHOUSE_RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const DEMO_MEMBERS = Number(process.env.BENCH_DEMO_MEMBERS ?? 60);
const SCORE_RATIO_TARGET = 0.95;
const ACCESSIBILITY_TARGET = 1;
/** A visit from an ad: the tracking parameters a network appends (one left unfilled, in braces). */
const AD_QUERY = '?network=bench&ref=r1&sub1={sub1}';

const verdict = (ok: boolean) => (ok ? 'pass' : 'FAIL');

async function main() {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-landers-'));
  const cleanups: (() => Promise<void>)[] = [];
  try {
    console.log(
      SHOULD_BUILD
        ? 'building the web app of the working tree into a temporary folder'
        : 'measuring apps/web/dist as built',
    );
    const dist = fs.realpathSync(buildApp(tmp, SHOULD_BUILD));
    const bareDist = await buildBarePage(path.join(tmp, 'bare'), root);
    const bare = await serveStatic(bareDist);
    cleanups.push(bare.close);
    console.log(`starting the server (PGlite, ${DEMO_MEMBERS} demo members)`);
    const app = await startApp({ dataDir: path.join(tmp, 'data'), dist, demoMembers: DEMO_MEMBERS });
    cleanups.push(() => stop(app.process));
    const gallery = (await (await fetch(`${app.baseUrl}/api/landers.php?path=/landers/gallery`)).json()) as {
      lander: { profiles: { id: number }[] };
    };
    const memberId = gallery.lander.profiles[0]?.id;
    if (!memberId) throw new Error('the landers found no demo profile');

    const chrome = await launchChromiumForLighthouse(path.join(tmp, 'chromium'));
    cleanups.push(() => stop(chrome.process));
    const { port } = chrome;
    const targets: LighthouseTarget[] = [
      { name: 'bare Vite page', url: bare.url, port },
      ...LANDER_NAMES.map((name) => ({
        name: `/landers/${name}`,
        url: `${app.baseUrl}/landers/${name}${AD_QUERY}`,
        port,
      })),
      { name: `/members/${memberId}/landing`, url: `${app.baseUrl}/members/${memberId}/landing${AD_QUERY}`, port },
      {
        name: `/members/${memberId}/landing2/eng`,
        url: `${app.baseUrl}/members/${memberId}/landing2/eng${AD_QUERY}`,
        port,
      },
      {
        name: `/members/${memberId}/landing3/eng`,
        url: `${app.baseUrl}/members/${memberId}/landing3/eng${AD_QUERY}`,
        port,
      },
    ];
    const runs = await runLighthouseRounds(targets, LIGHTHOUSE_RUNS);
    const bareScore = median(runs.get('bare Vite page')!.map((entry) => entry.score));
    const version = (createRequire(import.meta.url)('lighthouse/package.json') as { version: string }).version;
    console.log(
      `\nLighthouse ${version} mobile (default config: moto g power, simulated slow 4G, 4x CPU), median of ${LIGHTHOUSE_RUNS} runs, visitor with ad tracking parameters\n`,
    );
    console.log(
      `| page | performance | runs | ratio to bare | >= ${SCORE_RATIO_TARGET} | accessibility | = ${ACCESSIBILITY_TARGET} | FCP ms | LCP ms | TBT ms | CLS |`,
    );
    console.log('|---|---|---|---|---|---|---|---|---|---|---|');
    for (const target of targets) {
      const list = runs.get(target.name)!;
      const score = median(list.map((entry) => entry.score));
      const accessibility = median(list.map((entry) => entry.accessibility));
      const isBare = target.name === 'bare Vite page';
      const ratio = score / bareScore;
      console.log(
        `| ${target.name} | ${(score * 100).toFixed(0)} | ${list.map((entry) => (entry.score * 100).toFixed(0)).join(' ')} | ${ratio.toFixed(3)} | ${isBare ? '' : verdict(ratio >= SCORE_RATIO_TARGET)} | ${(accessibility * 100).toFixed(0)} | ${verdict(accessibility >= ACCESSIBILITY_TARGET)} | ${median(list.map((entry) => entry.fcp)).toFixed(0)} | ${median(list.map((entry) => entry.lcp)).toFixed(0)} | ${median(list.map((entry) => entry.tbt)).toFixed(0)} | ${median(list.map((entry) => entry.cls)).toFixed(4)} |`,
      );
    }
    const failures = failedAccessibilityLines(targets, runs);
    if (failures.length)
      console.log(`\nFailed accessibility audits:\n${failures.map((line) => `  ${line}`).join('\n')}`);
  } finally {
    for (const cleanup of cleanups.reverse()) await cleanup().catch(() => undefined);
    fs.rmSync(tmp, { recursive: true, force: true });
  }
}

await main();
