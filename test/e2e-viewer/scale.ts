/**
 * The viewer at scale (test-only, run by hand): a store of a million observations (seeded once by
 * big-store.ts and reused), `mnemo viewer` (the built CLI) over it, and the latency of every API
 * route, of a hook run reaching an open stream, and of the page in headless Chromium (first rows,
 * search as you type, the next page on scroll). Prints a Markdown table.
 *
 *   npm run build && node --import tsx test/e2e-viewer/scale.ts [--observations 1000000] [--dir /tmp/mnemo-scale]
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openSqlite, type SqliteDb } from '../../src/store/sqlite/driver.ts';
import { childEnv, cliJs, runHook } from '../integration/hooks/helpers.ts';
import { sse } from '../integration/viewer/helpers.ts';
import { seedBigStore } from './big-store.ts';
import { browserMissing, launch } from './browser.ts';

const { values } = parseArgs({ options: { observations: { type: 'string' }, dir: { type: 'string' }, runs: { type: 'string' } } });
const target = Number(values.observations ?? 1_000_000);
const dir = values.dir ?? `/tmp/mnemo-scale-${target}`;
const runs = Number(values.runs ?? 15);
mkdirSync(dir, { recursive: true });
const dbPath = join(dir, 'mnemo.db');

const count = () => (existsSync(dbPath) ? (openSqlite(dbPath, { readonly: true }).prepare('SELECT count(*) AS n FROM observations').get() as { n: number }).n : 0);
if (count() < target * 0.99) {
  const t0 = performance.now();
  process.stderr.write(`seeding ${target.toLocaleString('en-US')} observations into ${dbPath} …\n`);
  await seedBigStore({ path: dbPath, observations: target - count(), seed: count() + 7, progress: (n) => n % 100_000 < 700 && process.stderr.write(`  ${n.toLocaleString('en-US')}\n`) });
  process.stderr.write(`seeded in ${((performance.now() - t0) / 1000).toFixed(0)} s\n`);
}

const child = spawn(process.execPath, [cliJs(), 'viewer', '--port', '0'], { env: childEnv(dir), stdio: ['ignore', 'pipe', 'inherit'] });
process.on('exit', () => child.kill('SIGTERM'));
let out = '';
child.stdout.on('data', (b: Buffer) => (out += b.toString()));
while (!/http:\/\/127\.0\.0\.1:\d+\//.test(out)) {
  if (child.exitCode !== null) throw new Error('viewer exited');
  await new Promise((r) => setTimeout(r, 50));
}
const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out)![0];
const port = Number(new URL(url).port);

const rows: string[][] = [];
const pct = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))]!;
const fmt = (ms: number) => (ms < 10 ? ms.toFixed(1) : Math.round(ms).toString());

async function time(path: string): Promise<{ ms: number; bytes: number; status: number }> {
  const t = performance.now();
  const r = await fetch(url + path.replace(/^\//, ''));
  const body = await r.arrayBuffer();
  return { ms: performance.now() - t, bytes: body.byteLength, status: r.status };
}

async function measure(label: string, path: string | (() => string), opts: { warm?: boolean; n?: number } = {}): Promise<void> {
  const p = () => (typeof path === 'string' ? path : path());
  if (opts.warm !== false) await time(p());
  const ms: number[] = [];
  let bytes = 0;
  for (let i = 0; i < (opts.n ?? runs); i++) {
    const r = await time(p());
    if (r.status !== 200) throw new Error(`${label}: HTTP ${r.status}`);
    ms.push(r.ms);
    bytes = r.bytes;
  }
  rows.push([label, fmt(pct(ms, 50)), fmt(pct(ms, 95)), `${Math.round(bytes / 1024)} KB`]);
}

const stats = (await (await fetch(`${url}api/stats`)).json()) as { observations: number; sessions: number; dbBytes: number };
const big = ((await (await fetch(`${url}api/insights?days=30`)).json()) as { projects: { project: string }[] }).projects[0]!.project;
const someSession = Math.ceil(stats.sessions / 2);
const someId = Math.ceil(stats.observations / 2);

// Insights first, uncached, with a feed request racing it: how long the feed waits meanwhile.
const insightsCold = time('api/insights?days=90&tz=60');
const during = await time('api/feed?limit=100');
const cold = await insightsCold;
rows.push(['insights, uncached (90 days)', fmt(cold.ms), '', `${Math.round(cold.bytes / 1024)} KB`]);
rows.push(['feed while insights compute', fmt(during.ms), '', '']);

await measure('health', 'api/health');
await measure('stats', 'api/stats');
await measure('meta (filter lists)', 'api/meta');
await measure('feed, first page (100)', 'api/feed?limit=100');
{
  // Paging down the feed as infinite scroll does: each page starts where the last one ended.
  let cursor = '';
  const ms: number[] = [];
  for (let i = 0; i < 20; i++) {
    const t = performance.now();
    const page = (await (await fetch(`${url}api/feed?limit=100${cursor ? `&cursor=${cursor}` : ''}`)).json()) as { next?: string };
    ms.push(performance.now() - t);
    cursor = page.next ?? '';
  }
  rows.push(['feed, 20 pages down (100 each)', fmt(pct(ms, 50)), fmt(pct(ms, 95)), '']);
}
await measure('feed, one project', `api/feed?limit=100&project=${encodeURIComponent(big)}`);
await measure('feed, decisions only', 'api/feed?limit=100&type=decision');
await measure('search "connection pool" (common words)', 'api/search?q=connection%20pool&limit=100');
await measure('search "checkout webhook" in one project', `api/search?q=checkout%20webhook&limit=100&project=${encodeURIComponent(big)}`);
await measure('search "连接池 超时" (CJK)', `api/search?q=${encodeURIComponent('连接池 超时')}&limit=100`);
await measure('search "pool.ts" type=change', 'api/search?q=pool.ts&type=change&limit=100');
await measure('search with event=error_resolved', 'api/search?q=npm%20test&event=error_resolved&limit=100');
await measure('search with file=src/db/pool.ts', 'api/search?q=pool&file=src/db/pool.ts&limit=100', { n: 5 });
await measure('observation detail + neighbours', `api/observations/${someId}`);
await measure('session report', `api/sessions/${someSession}`);
await measure('session timeline page (200)', `api/sessions/${someSession}/observations?limit=200`);
await measure('sessions list (50)', 'api/sessions?limit=50');
await measure('context (largest project)', `api/context?project=${encodeURIComponent(big)}`, { n: 5 });
await measure('insights, cached', 'api/insights?days=90');

// A hook run reaching an open stream.
const stream = await sse(port);
await stream.waitFor((e) => e.event === 'hello', 5000);
const live: number[] = [];
for (let i = 0; i < 5; i++) {
  const marker = `SCALELIVE${Date.now()}x${i}`;
  const t = performance.now();
  await runHook('PostToolUse', { session_id: 'scale-live', transcript_path: '/dev/null', cwd: dir, hook_event_name: 'PostToolUse', tool_name: 'Bash', tool_use_id: `toolu_scale_${i}_${Date.now()}`, tool_input: { command: `echo ${marker}` }, tool_response: { stdout: marker, stderr: '' } }, { dataDir: dir });
  await stream.waitFor((e) => e.event === 'observations' && e.data.includes(marker), 10_000);
  live.push(performance.now() - t);
}
stream.close();
rows.push(['hook run → open stream (hook process included)', fmt(pct(live, 50)), fmt(pct(live, 95)), '']);

// The page in Chromium.
if (!browserMissing()) {
  const b = await launch();
  try {
    let t = performance.now();
    await b.page.goto(url);
    await b.page.locator('.row').first().waitFor({ timeout: 30_000 });
    rows.push(['page: load to first feed rows', fmt(performance.now() - t), '', '']);
    const before = await b.page.locator('.row').count();
    t = performance.now();
    await b.page.locator('.more').scrollIntoViewIfNeeded();
    await b.page.locator('.row').nth(before).waitFor({ timeout: 30_000 });
    rows.push(['page: scroll to the end → next 100 rows', fmt(performance.now() - t), '', '']);
    await b.page.keyboard.press('/');
    await b.page.getByTestId('search-input').waitFor();
    t = performance.now();
    await b.page.keyboard.type('webhook retry', { delay: 30 });
    await b.page.locator('.results .row mark').first().waitFor({ timeout: 30_000 });
    rows.push(['page: type "webhook retry" → highlighted results (180 ms debounce incl.)', fmt(performance.now() - t), '', '']);
  } finally {
    await b.close();
  }
}

child.kill('SIGTERM');
process.stdout.write(
  `\nViewer at ${stats.observations.toLocaleString('en-US')} observations, ${stats.sessions.toLocaleString('en-US')} sessions, ` +
    `${(stats.dbBytes / 2 ** 30).toFixed(2)} GiB; ${runs} runs per route after a warm-up, over HTTP on 127.0.0.1.\n\n` +
    `| what | median ms | p95 ms | answer |\n|---|---:|---:|---:|\n${rows.map((r) => `| ${r.join(' | ')} |`).join('\n')}\n`,
);
process.exit(0);
