// The viewer with team memory, in headless Chromium: teammates' mirrored records show their author
// in the feed, in search and on the record's page, and the "whose records" filter (mine / teammates')
// narrows both feed and search. The mirror is filled as a pull fills it (store.team.apply).
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type { ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import { event, remote, tempDir } from '../integration/team/sync-helpers.ts';
import { browserMissing, launch, type Browser } from './browser.ts';
import { startViewerProcess } from './viewer-process.ts';

const skip = browserMissing();
let viewer: ChildProcess | undefined;
let browser: Browser | undefined;
let url = '';


describe('viewer with teammates’ records in Chromium', { skip }, () => {
  before(async () => {
    const dataDir = tempDir('mnemo-viewer-team-');
    const project = join(dataDir, 'shop');
    const store = SqliteStore.open({ path: join(dataDir, 'mnemo.db'), busyTimeoutMs: 2000 });
    store.team.share(project, 'github.com/acme/shop', { prompts: true, history: false });
    await store.ingest([event({ title: 'Edited src/cart.ts (mine)', body: 'cart totals rounding' }, { project, at: Date.now() - 60_000 })]);
    await store.team.apply(
      [
        remote.session('bob', 'vs-bob', { createdAt: Date.now() - 50_000 }),
        remote.observation('bob', 'vo-bob', 'vs-bob', { title: 'Edited src/db/pool.ts (bob)', body: 'cart pool sizing', createdAt: Date.now() - 40_000 }),
      ],
      remote.seq,
      { me: 'alice', origin: 'acme@test' },
    );
    await store.close();
    const started = await startViewerProcess(dataDir);
    viewer = started.child;
    url = started.url;
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    viewer?.kill('SIGTERM');
  });

  test('authors in the feed, search and record; the scope filter narrows both', async () => {
    const page = browser!.page;
    await page.goto(`${url}#/feed`);
    const feed = page.getByTestId('feed-list');
    await feed.locator('.row').first().waitFor();
    const bobRow = feed.locator('.row', { hasText: 'Edited src/db/pool.ts (bob)' });
    assert.equal((await bobRow.locator('.author').innerText()).trim(), '@bob');
    assert.equal(await feed.locator('.row', { hasText: '(mine)' }).locator('.author').count(), 0, 'my own rows carry no author');

    await page.getByLabel('Whose records').selectOption('team');
    await page.waitForURL(/scope=team/);
    await feed.locator('.row', { hasText: '(bob)' }).waitFor();
    await feed.locator('.row', { hasText: '(mine)' }).waitFor({ state: 'detached' });

    await page.goto(`${url}#/search?q=cart&scope=mine`);
    const results = page.getByTestId('search-results');
    await results.locator('.row').first().waitFor();
    const mine = await results.locator('.row .title').allInnerTexts();
    assert.deepEqual(mine, ['Edited src/cart.ts (mine)']);
    await page.goto(`${url}#/search?q=cart`);
    await results.locator('.row', { hasText: '(bob)' }).waitFor();
    await results.locator('.row', { hasText: '(bob)' }).click();
    await page.waitForURL(/#\/obs\/\d+$/);
    await page.getByTestId('obs-title').waitFor();
    assert.match(await page.locator('.fields').innerText(), /author\s+@bob/);
    assert.deepEqual(browser!.problems, []);
  });
});
