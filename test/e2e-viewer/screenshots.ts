/**
 * Takes the README screenshots of the viewer (docs/screenshots/*.png) over the showcase store, in
 * headless Chromium. Run after `npm run build`:
 *
 *   node --import tsx test/e2e-viewer/screenshots.ts [outDir]
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { resolveConfig } from '../../src/config/config.ts';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import { startViewer } from '../../src/viewer/index.ts';
import { launch } from './browser.ts';
import { buildShowcase } from './showcase.ts';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const out = process.argv[2] ?? join(ROOT, 'docs', 'screenshots');
mkdirSync(out, { recursive: true });

const dataDir = mkdtempSync(join(tmpdir(), 'mnemo-shots-'));
const config = resolveConfig({ MNEMO_DATA_DIR: dataDir });
await buildShowcase(config.dbPath);
const store = SqliteStore.open({ path: config.dbPath, busyTimeoutMs: 5000 });
const viewer = await startViewer({ store, config, env: {}, version: '0.1.0', port: 0 });
const api = async <T>(path: string): Promise<T> => (await (await fetch(`${viewer.url}api/${path}`)).json()) as T;

const demo = (await api<{ sessions: { id: number; project: string }[] }>('sessions?limit=1')).sessions[0]!;
const demoRows = (await api<{ observations: { id: number; type: string }[] }>(`sessions/${demo.id}/observations`)).observations;
const failure = demoRows.find((o) => o.type === 'error') ?? demoRows[0]!;

const shots: { name: string; hash: string; ready: string; full?: boolean; scheme?: 'light' | 'dark'; before?: (p: import('playwright-core').Page) => Promise<void> }[] = [
  { name: 'feed', hash: '#/feed', ready: '.row' },
  {
    name: 'search',
    hash: '#/search',
    ready: '[data-testid="search-input"]',
    before: async (p) => {
      await p.keyboard.type('pool retry 连接池');
      await p.locator('.results .row').first().waitFor();
      await p.keyboard.press('ArrowDown');
      await p.keyboard.press('ArrowDown');
    },
  },
  { name: 'session', hash: `#/session/${demo.id}`, ready: '[data-testid="summary-text"]' },
  { name: 'observation', hash: `#/obs/${failure.id}`, ready: '[data-testid="obs-body"]' },
  { name: 'insights', hash: '#/insights', ready: 'svg.chart.activity', full: true },
  { name: 'control', hash: '#/control', ready: 'dl.settings' },
  { name: 'feed-dark', hash: '#/feed', ready: '.row', scheme: 'dark' },
];

try {
  for (const shot of shots) {
    const b = await launch({ width: 1280, height: 820, colorScheme: shot.scheme ?? 'light' });
    try {
      await b.page.goto(viewer.url + shot.hash);
      await b.page.locator(shot.ready).first().waitFor({ timeout: 15_000 }).catch((err: Error) => {
        throw new Error(`${shot.name}: ${err.message} (problems: ${b.problems.join('; ')})`);
      });
      await shot.before?.(b.page);
      await b.page.waitForTimeout(400);
      await b.page.screenshot({ path: join(out, `${shot.name}.png`), fullPage: shot.full ?? false });
      if (b.problems.length) throw new Error(`${shot.name}: ${b.problems.join('; ')}`);
      process.stdout.write(`${join(out, `${shot.name}.png`)}\n`);
    } finally {
      await b.close();
    }
  }
} finally {
  await viewer.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
}
