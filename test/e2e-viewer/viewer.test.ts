// The viewer end to end, as a person uses it: `mnemo viewer` (the built CLI) over a store written by
// the real hook bundle, driven in headless Chromium. The page loads, a hook run appears live in the
// feed, search finds and highlights, a session opens with its summary and files, an observation is
// forgotten through the confirmation dialog; nothing leaves 127.0.0.1 and the console stays clean.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runHook } from '../integration/hooks/helpers.ts';
import { seedTwoProjects, type Seeded } from '../integration/viewer/helpers.ts';
import { MARK, TOOL_IDS } from '../integration/mcp/harness.ts';
import { browserMissing, launch, type Browser } from './browser.ts';
import { startViewerProcess } from './viewer-process.ts';

const skip = browserMissing();
const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

let seeded: Seeded;
let viewer: ChildProcess | undefined;
let url = '';
let browser: Browser | undefined;


function liveCall(id: string, marker: string): Record<string, unknown> {
  return {
    session_id: 'cc-viewer-1',
    transcript_path: join(seeded.repo, '.no-transcript.jsonl'),
    cwd: seeded.repo,
    hook_event_name: 'PostToolUse',
    tool_name: 'Bash',
    tool_use_id: id,
    tool_input: { command: `npm run migrate -- --name ${marker}`, description: 'Run the migration' },
    tool_response: { stdout: `Migration ${marker} applied (3 tables)`, stderr: '', interrupted: false, isImage: false },
  };
}

/** Run a step; on failure keep a screenshot in .tmp/ (git-ignored) and say where the page was. */
async function step(name: string, fn: () => Promise<void>): Promise<void> {
  try {
    await fn();
  } catch (err) {
    const file = join(ROOT, '.tmp', `e2e-viewer-${name}.png`);
    await browser?.page.screenshot({ path: file }).catch(() => undefined);
    throw new Error(`${(err as Error).message}\n(page ${browser?.page.url()}, screenshot ${file}, problems: ${JSON.stringify(browser?.problems)})`, { cause: err });
  }
}

describe('viewer in Chromium', { skip }, () => {
  before(async () => {
    seeded = await seedTwoProjects('e2e');
    const started = await startViewerProcess(seeded.dataDir);
    viewer = started.child;
    url = started.url;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    viewer?.kill('SIGTERM');
  });

  test('the page loads: feed grouped by day and session, live indicator on', async () => {
    await step('load', async () => {
    const page = browser!.page;
    await page.goto(url);
    await page.getByTestId('feed-list').locator('.row').first().waitFor();
    await page.locator('.live.live').waitFor({ timeout: 5000 });
    assert.ok((await page.locator('.day-head').count()) >= 1);
    assert.ok((await page.locator('.session-group').count()) >= 2, 'two sessions, two groups');
    const text = await page.getByTestId('feed-list').innerText();
    assert.match(text, /Edited src\/db\/pool\.ts/);
    assert.match(text, /Failed: Ran `npm test -- checkout`/);
    assert.ok(!text.includes(MARK.ghToken) && !text.includes(MARK.privateText), 'no secret on the page');
    assert.ok((await page.locator('.chip', { hasText: 'file edit' }).count()) >= 1, 'extracted events shown');
    });
  });

  test('a hook run appears in the open feed without a reload', async () => {
    await step('live', async () => {
    const page = browser!.page;
    await page.goto(`${url}#/feed`);
    await page.locator('.live.live').waitFor({ timeout: 5000 });
    const before = await page.locator('.row').count();
    const t0 = Date.now();
    const r = await runHook('PostToolUse', liveCall('toolu_e2e_live_1', 'LIVEE2E1'), { dataDir: seeded.dataDir, cwd: seeded.repo });
    assert.equal(r.code, 0, r.stderr);
    const row = page.locator('.row.fresh', { hasText: 'LIVEE2E1' });
    await row.waitFor({ timeout: 8000 });
    const ms = Date.now() - t0;
    assert.equal(await page.locator('.row').count(), before + 1);
    assert.ok(ms < 8000);
    // Newest first: it is the first row of the first group.
    assert.match(await page.locator('.row').first().innerText(), /LIVEE2E1/);
    });
  });

  test('search from the keyboard: /, type, highlighted results, ↓ and Enter open the record', async () => {
    await step('search', async () => {
    const page = browser!.page;
    await page.goto(`${url}#/feed`);
    await page.getByTestId('feed-list').locator('.row').first().waitFor();
    await page.keyboard.press('/');
    const box = page.getByTestId('search-input');
    await box.waitFor();
    assert.equal(await page.evaluate('document.activeElement && document.activeElement.dataset.testid'), 'search-input', '/ focuses the search box');
    await page.keyboard.type('连接池 pool');
    const results = page.getByTestId('search-results');
    await results.locator('.row').first().waitFor({ timeout: 5000 });
    assert.ok((await results.locator('mark').count()) >= 1, 'matches are highlighted');
    assert.match(await results.locator('mark').first().innerText(), /连接|接池|pool/i);
    assert.match(page.url(), /#\/search\?q=/);
    await page.keyboard.press('ArrowDown');
    await page.locator('.results .row.selected').waitFor();
    const firstTitle = await page.locator('.results .row.selected .title').innerText();
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/obs\/\d+$/);
    await page.getByTestId('obs-title').waitFor();
    assert.equal((await page.getByTestId('obs-title').innerText()).trim(), firstTitle.trim());
    // Escape on the search page returns to the box; filters narrow results.
    await page.goto(`${url}#/search?q=checkout&type=error`);
    await page.getByTestId('search-results').locator('.row').first().waitFor();
    const types = await page.locator('.results .row .sym').evaluateAll((els) => els.map((e) => e.getAttribute('title')));
    assert.ok(types.length > 0 && types.every((t) => t === 'error'), JSON.stringify(types));
    });
  });

  test('a session opens with its summary, timeline, files, failures and events', async () => {
    await step('session', async () => {
    const page = browser!.page;
    await page.goto(`${url}#/feed`);
    await page.locator('.session-label', { hasText: seeded.repo.split('/').pop()! }).first().click();
    await page.waitForURL(/#\/session\/\d+$/);
    await page.getByTestId('summary-text').waitFor();
    assert.match(await page.getByTestId('summary-text').innerText(), /pool|连接池|Checkout/);
    await page.getByRole('tab', { name: 'Detailed' }).click();
    assert.ok((await page.getByTestId('summary-text').innerText()).length > 20);
    const timeline = page.getByTestId('session-timeline');
    await timeline.locator('.row').first().waitFor();
    const rows = await timeline.locator('.row .title').allInnerTexts();
    assert.match(rows[0]!, /Checkout returns 5xx/, 'a session reads from its first prompt');
    assert.ok(rows.some((t) => t.includes('LIVEE2E1')), 'the live call is part of the session');
    assert.match(await page.locator('.file-list').innerText(), /src\/db\/pool\.ts/);
    assert.match(await page.locator('.error-list').innerText(), /npm test -- checkout/);
    });
  });

  test('forget an observation through the confirmation dialog', async () => {
    await step('forget', async () => {
    const page = browser!.page;
    const feed = (await (await fetch(`${url}api/feed?limit=100`)).json()) as { observations: { id: number; toolUseId?: string }[] };
    const target = feed.observations.find((o) => o.toolUseId === TOOL_IDS.build)!;
    await page.goto(`${url}#/obs/${target.id}`);
    await page.getByTestId('obs-title').waitFor();
    // Cancel first: nothing happens.
    await page.getByTestId('forget-observation').click();
    await page.locator('dialog.confirm[open]').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    assert.equal((await fetch(`${url}api/observations/${target.id}`)).status, 200);
    // Then for real.
    await page.getByTestId('forget-observation').click();
    await page.getByTestId('confirm-action').click();
    await page.locator('.notice', { hasText: `Forgot #${target.id}` }).waitFor();
    assert.equal((await fetch(`${url}api/observations/${target.id}`)).status, 404);
    await page.waitForURL((u) => !u.hash.endsWith(`/obs/${target.id}`));
    await page.goto(`${url}#/feed`);
    await page.getByTestId('feed-list').locator('.row').first().waitFor();
    assert.equal(await page.locator(`.row[data-id="${target.id}"]`).count(), 0);
    });
  });

  test('insights and control render from the API', async () => {
    await step('insights', async () => {
    const page = browser!.page;
    await page.goto(`${url}#/insights`);
    await page.locator('.card').first().waitFor();
    assert.equal(await page.locator('svg.chart.activity rect.bar').count(), 90);
    assert.match(await page.locator('.context-rows').innerText(), /tokens/);
    await page.goto(`${url}#/control`);
    await page.locator('dl.settings').waitFor();
    assert.match(await page.locator('dl.settings').innerText(), /heuristic/);
    const download = page.waitForEvent('download');
    await page.getByTestId('export').click();
    const file = await download;
    assert.match(file.suggestedFilename(), /^mnemo-export-\d{4}-\d{2}-\d{2}\.jsonl$/);
    });
  });

  test('the page never reached beyond 127.0.0.1 and logged no errors', () => {
    assert.deepEqual(browser!.problems, []);
  });
});
