/**
 * The driver suite over every SQLite binding this Node can load, and which one mnemo picks. On Node 20
 * that is better-sqlite3 alone; on Node 22.16+ and 24 node:sqlite (and better-sqlite3 too where it was
 * built for that Node): CI runs the suite on each (.ci/run), so both drivers are covered.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { test } from 'node:test';
import { availableDrivers, sqliteDriver } from '../../../src/store/sqlite/drivers/choose.ts';
import { runDriverSuite } from './driver-suite.ts';

const [major = 0, minor = 0] = process.versions.node.split('.').map(Number);
const hasNodeSqlite = major >= 24 || (major === 23 && minor >= 11) || (major === 22 && minor >= 16);
const drivers = availableDrivers();

test('the driver this Node should have is there, and is the one chosen', () => {
  const names = drivers.map((d) => d.name);
  if (hasNodeSqlite) assert.ok(names.includes('node'), `Node ${process.version} has node:sqlite, but the driver was not usable`);
  else assert.ok(names.includes('better-sqlite3'), `Node ${process.version} has no node:sqlite, so better-sqlite3 must load`);
  const forced = process.env.MNEMO_SQLITE_DRIVER;
  assert.equal(sqliteDriver().name, forced === 'better-sqlite3' || forced === 'node' ? forced : hasNodeSqlite ? 'node' : 'better-sqlite3');
});

for (const d of drivers) runDriverSuite({ name: d.name, open: d.open });

const pick = (env: Record<string, string>) =>
  spawnSync(process.execPath, ['--import', 'tsx', '-e', "import('./src/store/sqlite/driver.ts').then((m) => { try { console.log(m.sqliteDriver().name) } catch (e) { console.log('ERR ' + e.message) } })"], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });

test('MNEMO_SQLITE_DRIVER forces a driver, and says in one line when it cannot be had', () => {
  const node = pick({ MNEMO_SQLITE_DRIVER: 'node' });
  if (hasNodeSqlite) assert.equal(node.stdout.trim(), 'node');
  else assert.match(node.stdout.trim(), /^ERR MNEMO_SQLITE_DRIVER=node, but Node v\S+ has no node:sqlite \(node:sqlite needs Node 22\.16\+ or 24\)$/);
  const bogus = pick({ MNEMO_SQLITE_DRIVER: 'sqlite4' });
  assert.match(bogus.stdout.trim(), /^ERR MNEMO_SQLITE_DRIVER="sqlite4" is not a driver mnemo knows/);
  // Loading node:sqlite prints nothing: Node 22's ExperimentalWarning for it is kept quiet (others are not).
  assert.doesNotMatch(node.stderr, /ExperimentalWarning/);
});
