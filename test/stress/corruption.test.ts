/**
 * Corruption and upgrades (issue 8): damaged database files (index drift, flipped bytes in a table,
 * an index, the full-text index, the header, and at random), a migration interrupted by SIGKILL or
 * left half-applied, a store written by an older mnemo (schema v1, built by hand from the v1 SQL in
 * migrations.ts), and a store from a newer mnemo (user_version 99), which every face must refuse
 * with a clear message and leave byte-identical.
 *
 * `doctor --repair` backs up first, then REINDEXes, rebuilds the full-text index, salvages the readable
 * rows into a fresh file, or sets a file that is no database aside (see store/sqlite/repair).
 */
import { before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cpSync, existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openSqlite, type SqliteDb } from '../../src/store/sqlite/driver.ts';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import { MIGRATIONS, LATEST_VERSION } from '../../src/store/sqlite/migrations.ts';
import { toIndexText } from '../../src/core/search/text-index.ts';
import { bulkEvents } from './store-child.ts';
import {
  EVENTS,
  SEED,
  type EventName,
  type ProcResult,
  countRows,
  exportAll,
  hashFiles,
  hookContractProblems,
  integrityCheck,
  pool,
  report,
  rng,
  runCli,
  runHook,
  scale,
  sleep,
  spoolFiles,
  startMcp,
  storeChild,
  tempDir,
  textOf,
  validPayload,
} from './helpers.ts';

const N = scale(1500, 6000);

async function makeStore(dataDir: string, n: number, tag: string): Promise<void> {
  const store = SqliteStore.open({ path: join(dataDir, 'mnemo.db'), busyTimeoutMs: 5000 });
  await store.ingest(bulkEvents(n, tag, 4));
  await store.close();
}

/** A copy of the pristine data dir (the db only: closed stores keep no WAL). */
function copyOf(pristine: string, label: string): string {
  const dir = tempDir(`mnemo-stress-corrupt-${label}-`);
  cpSync(join(pristine, 'mnemo.db'), join(dir, 'mnemo.db'));
  return dir;
}

/** The page numbers of one table or index (dbstat). */
function pagesOf(dbPath: string, name: string): number[] {
  const db = openSqlite(dbPath, { readonly: true, fileMustExist: true });
  try {
    return (db.prepare("SELECT pageno FROM dbstat WHERE name = ? AND pagetype IN ('leaf', 'internal') ORDER BY pageno").all(name) as { pageno: number }[]).map((r) => r.pageno);
  } finally {
    db.close();
  }
}

function pageSize(dbPath: string): number {
  const b = readFileSync(dbPath).subarray(16, 18);
  const v = b.readUInt16BE(0);
  return v === 1 ? 65536 : v;
}

/** XOR bytes of the file in place. */
function flip(dbPath: string, offsets: readonly number[], mask = 0xff): void {
  const buf = readFileSync(dbPath);
  for (const o of offsets) if (o < buf.length) buf[o] = buf[o]! ^ mask;
  writeFileSync(dbPath, buf);
}

interface DoctorOut {
  readonly proc: ProcResult;
  readonly json?: { healthy: boolean; checks: { name: string; ok: boolean; detail: string }[] };
}

async function doctor(dataDir: string, repair = false): Promise<DoctorOut> {
  const proc = await runCli(['doctor', ...(repair ? ['--repair'] : []), '--json'], dataDir);
  try {
    return { proc, json: JSON.parse(proc.stdout) as DoctorOut['json'] };
  } catch {
    return { proc };
  }
}

const describeDoctor = (d: DoctorOut) => (d.json ? JSON.stringify(d.json.checks.filter((c) => !c.ok)) : `no JSON (exit ${d.proc.code}): ${d.proc.stderr.trim().slice(0, 300)}`);

function backups(dataDir: string): string[] {
  return readdirSync(dataDir).filter((n) => n.startsWith('mnemo.db.backup') || n.includes('.corrupt') || n.includes('.damaged'));
}

/** Rows readable one by one (what a salvage could recover at best). */
function readableObservations(dbPath: string): number {
  const db = openSqlite(dbPath, { readonly: true, fileMustExist: true });
  let n = 0;
  try {
    const max = (db.prepare('SELECT max(id) AS m FROM observations').get() as { m: number | null }).m ?? 0;
    const one = db.prepare('SELECT id, title, body FROM observations WHERE id = ?');
    for (let id = 1; id <= max; id++) {
      try {
        if (one.get(id)) n++;
      } catch {
        /* on a damaged page */
      }
    }
  } catch {
    /* the table root itself is unreadable */
  } finally {
    db.close();
  }
  return n;
}

describe('damaged database files', () => {
  const pristine = tempDir('mnemo-stress-pristine-');
  before(async () => {
    await makeStore(pristine, N, 'pristine');
    assert.deepEqual(integrityCheck(join(pristine, 'mnemo.db')), ['ok']);
  });

  it('index drift: doctor detects it, --repair backs up and rebuilds the full-text index', async () => {
    const dir = copyOf(pristine, 'drift');
    const db = openSqlite(join(dir, 'mnemo.db'));
    db.prepare('DELETE FROM observations_fts WHERE rowid IN (SELECT id FROM observations ORDER BY id LIMIT 25)').run();
    db.close();
    const before = await doctor(dir);
    assert.equal(before.json?.healthy, false, describeDoctor(before));
    assert.match(JSON.stringify(before.json?.checks), /full-text index holds/);
    const repaired = await doctor(dir, true);
    assert.equal(repaired.json?.healthy, true, describeDoctor(repaired));
    assert.equal(backups(dir).length, 1, 'one backup taken');
    assert.equal(countRows(join(dir, backups(dir)[0]!)).observations, N, 'the backup holds every row');
    const rows = countRows(join(dir, 'mnemo.db'));
    assert.equal(rows.fts, rows.publicObservations);
  });

  it('a damaged page of the observations table: doctor detects it', async () => {
    const dir = copyOf(pristine, 'table');
    const db = join(dir, 'mnemo.db');
    const pages = pagesOf(db, 'observations');
    const page = pages[Math.floor(pages.length / 2)]!;
    // The b-tree page header: page type, first freeblock, cell count, cell content offset.
    flip(db, [0, 1, 3, 4, 5].map((b) => (page - 1) * pageSize(db) + b), 0x5a);
    const d = await doctor(dir);
    report('corruption table page', { page, pages: pages.length, doctorHealthy: d.json?.healthy ?? 'no JSON', exit: d.proc.code, detail: describeDoctor(d).slice(0, 300) });
    assert.ok(d.json, describeDoctor(d));
    assert.equal(d.json.healthy, false);
    assert.equal(d.proc.code, 1);
  });

  it('a damaged page of the observations table: --repair salvages the readable rows into a fresh file, backup first', async () => {
    const dir = copyOf(pristine, 'salvage');
    const db = join(dir, 'mnemo.db');
    const pages = pagesOf(db, 'observations');
    const page = pages[Math.floor(pages.length / 2)]!;
    flip(db, [0, 1, 3, 4, 5].map((b) => (page - 1) * pageSize(db) + b), 0x5a);
    const damagedBytes = readFileSync(db);
    const readable = readableObservations(db);
    const r = await doctor(dir, true);
    const after = await doctor(dir);
    let salvaged = -1;
    try {
      salvaged = countRows(db).observations;
    } catch {
      /* still damaged */
    }
    const kept = backups(dir).map((n) => join(dir, n));
    report('corruption salvage', { observations: N, readableOneByOne: readable, salvaged, repairHealthy: r.json?.healthy ?? 'no JSON', afterHealthy: after.json?.healthy ?? 'no JSON', backups: kept.length, repairDetail: describeDoctor(r).slice(0, 400) });
    assert.ok(kept.length >= 1, 'a backup was taken before anything was changed');
    assert.ok(kept.some((f) => statSync(f).size >= damagedBytes.length * 0.9), 'the backup holds the damaged file');
    assert.equal(after.json?.healthy, true, `after --repair: ${describeDoctor(after)}`);
    assert.ok(salvaged >= readable * 0.9, `salvaged ${salvaged} of ${readable} readable rows`);
  });

  it('a damaged index page: doctor detects it, --repair rebuilds the index (REINDEX) and loses nothing', async () => {
    const dir = copyOf(pristine, 'index');
    const db = join(dir, 'mnemo.db');
    const pages = pagesOf(db, 'observations_session_time');
    const page = pages[pages.length - 1]!;
    flip(db, [0, 3, 4].map((b) => (page - 1) * pageSize(db) + b), 0x33);
    const d = await doctor(dir);
    assert.equal(d.json?.healthy, false, describeDoctor(d));
    const r = await doctor(dir, true);
    const after = await doctor(dir);
    report('corruption index page', { page, doctorDetected: d.json?.healthy === false, repairHealthy: r.json?.healthy ?? 'no JSON', afterHealthy: after.json?.healthy ?? 'no JSON', detail: describeDoctor(r).slice(0, 300) });
    assert.equal(after.json?.healthy, true, `after --repair: ${describeDoctor(after)}`);
    assert.equal(countRows(db).observations, N);
  });

  it('a damaged full-text index page: doctor detects it, --repair rebuilds it from the table', async () => {
    const dir = copyOf(pristine, 'fts');
    const db = join(dir, 'mnemo.db');
    const pages = pagesOf(db, 'observations_fts_data');
    const page = pages[Math.floor(pages.length / 2)]!;
    // The b-tree page header of a segment page. (Bytes flipped inside a segment's doclist go
    // unnoticed: FTS5's integrity-check cannot verify a contentless index against its content.)
    flip(db, [0, 3, 4].map((b) => (page - 1) * pageSize(db) + b), 0x33);
    const d = await doctor(dir);
    const r = await doctor(dir, true);
    const after = await doctor(dir);
    report('corruption fts page', { page, doctorDetected: d.json?.healthy === false, repairHealthy: r.json?.healthy ?? 'no JSON', afterHealthy: after.json?.healthy ?? 'no JSON', detail: describeDoctor(d).slice(0, 300) });
    assert.equal(d.json?.healthy, false, `not detected: ${describeDoctor(d)}`);
    assert.equal(after.json?.healthy, true, `after --repair: ${describeDoctor(after)}`);
    const hits = await runCli(['search', 'pristine-7', '--json'], dir);
    assert.equal(hits.code, 0, hits.stderr);
  });

  it('a damaged header (not a database any more): hooks keep the contract and the spool; doctor names it; --repair sets it aside and starts afresh', async () => {
    const dir = copyOf(pristine, 'header');
    const db = join(dir, 'mnemo.db');
    flip(db, Array.from({ length: 16 }, (_, i) => i), 0x21); // "SQLite format 3\0"
    const cwd = tempDir('mnemo-stress-header-cwd-');
    const runs = await pool([...EVENTS], 4, async (event) => ({ event, r: await runHook(event, validPayload(event, 'after-damage', cwd, { tool_use_id: 'toolu_zqheaderzq' }), { dataDir: dir, cwd }) }));
    const problems = runs.flatMap(({ event, r }) => hookContractProblems(event, r).map((p) => `${event}: ${p}`));
    assert.deepEqual(problems, []);
    assert.ok(spoolFiles(dir).length > 0, 'the events wait in the spool');
    const d = await doctor(dir);
    assert.ok(d.json, describeDoctor(d));
    assert.equal(d.json.healthy, false);
    assert.match(JSON.stringify(d.json.checks), /not a database|damaged|corrupt/i);
    const r = await doctor(dir, true);
    const after = await doctor(dir);
    report('corruption header', { hooks: runs.length, repairHealthy: r.json?.healthy ?? 'no JSON', afterHealthy: after.json?.healthy ?? 'no JSON', backups: backups(dir), detail: describeDoctor(r).slice(0, 300) });
    assert.ok(backups(dir).length >= 1, 'the damaged file is kept aside');
    assert.equal(after.json?.healthy, true, `after --repair: ${describeDoctor(after)}`);
    const { observations } = await exportAll(dir);
    assert.ok(observations.some((o) => o.toolUseId === 'toolu_zqheaderzq'), 'the spooled events reach the fresh store');
  });

  it('random byte flips: hooks keep the contract and doctor always answers in JSON (figures: detected, repaired)', async () => {
    const rand = rng(SEED ^ 0x1b873593);
    const trials = scale(3, 60);
    const size = statSync(join(pristine, 'mnemo.db')).size;
    const f = { trials, detected: 0, undetected: 0, repairedHealthy: 0, unrepaired: 0, doctorWithoutJson: 0, hookProblems: 0 };
    const noJson: string[] = [];
    const hookProblems: string[] = [];
    const cwd = tempDir('mnemo-stress-flip-cwd-');
    for (let t = 0; t < trials; t++) {
      const dir = copyOf(pristine, `flip${t}`);
      const offsets = Array.from({ length: 1 + Math.floor(rand() * 16) }, () => 100 + Math.floor(rand() * (size - 100)));
      flip(join(dir, 'mnemo.db'), offsets, 1 + Math.floor(rand() * 255));
      for (const event of ['SessionStart', 'PostToolUse', 'SessionEnd'] as const) {
        const r = await runHook(event, validPayload(event, `flip-${t}`, cwd, { tool_use_id: `toolu_flip_${t}` }), { dataDir: dir, cwd });
        hookProblems.push(...hookContractProblems(event, r).map((p) => `trial ${t} ${event}: ${p}`));
      }
      const d = await doctor(dir);
      if (!d.json) (f.doctorWithoutJson++, noJson.push(`trial ${t} doctor: ${describeDoctor(d)}`));
      else if (d.json.healthy) f.undetected++;
      else {
        f.detected++;
        const r = await doctor(dir, true);
        if (!r.json) (f.doctorWithoutJson++, noJson.push(`trial ${t} doctor --repair: ${describeDoctor(r)}`));
        const after = await doctor(dir);
        if (after.json?.healthy) f.repairedHealthy++;
        else f.unrepaired++;
      }
    }
    f.hookProblems = hookProblems.length;
    report('corruption random flips', { seed: SEED, ...f, noJson: noJson.map((x) => x.slice(0, 200)) });
    assert.deepEqual(hookProblems, []);
    assert.deepEqual(noJson, [], 'doctor --json must always print its checks');
  });
});

/** A store as mnemo schema v1 wrote it, built from the v1 SQL by hand, with `n` observations. */
function makeV1Store(dbPath: string, n: number): void {
  const db = openSqlite(dbPath);
  db.pragma('journal_mode = WAL');
  db.exec(MIGRATIONS.find((m) => m.version === 1)!.sql);
  db.pragma('user_version = 1');
  db.prepare("INSERT INTO sessions (platform, external_id, project, branch, source, started_at, ended_at, end_reason) VALUES ('claude-code', 'old-session', '/old/project', 'main', 'startup', 1700000000000, 1700000900000, 'other')").run();
  const ins = db.prepare(
    `INSERT INTO observations (session_id, project, platform, kind, type, title, body, files, tags, tool_name, tool_use_id, private, created_at, uid, dedupe_key)
     VALUES (1, '/old/project', 'claude-code', ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?)`,
  );
  const fts = db.prepare('INSERT INTO observations_fts (rowid, title, body, tags) VALUES (?, ?, ?, ?)');
  db.transaction(() => {
    for (let i = 1; i <= n; i++) {
      const edit = i % 2 === 0;
      const title = edit ? `Edited src/legacy/module${i}.ts (+1 −1)` : `Ran \`make zqold${i}zq\``;
      const body = edit ? `Input: {"file_path":"src/legacy/module${i}.ts"}\nOutput:\nok` : `Input: {"command":"make zqold${i}zq"}\nOutput:\nbuilt zqold${i}zq`;
      const tags = edit ? `Edit module${i}.ts` : 'Bash';
      const r = ins.run(edit ? 'tool' : 'tool', edit ? 'change' : 'command', title, body, edit ? `["/old/project/src/legacy/module${i}.ts"]` : '[]', tags, edit ? 'Edit' : 'Bash', `toolu_old_${i}`, 1700000000000 + i, `old-uid-${i}`, `post:toolu_old_${i}`);
      fts.run(r.lastInsertRowid, toIndexText(title), toIndexText(body), toIndexText(tags));
    }
  })();
  db.close();
}

describe('schema versions', () => {
  it('a v1 store (built by hand from the v1 SQL) migrates forward: rows kept, searchable, healthy, writable', async () => {
    const dir = tempDir('mnemo-stress-v1-');
    const cwd = tempDir('mnemo-stress-v1-cwd-');
    const n = 200;
    makeV1Store(join(dir, 'mnemo.db'), n);
    // The first mnemo process to touch it is a hook (SessionStart opens the store).
    const start = await runHook('SessionStart', validPayload('SessionStart', 'new-session', cwd), { dataDir: dir, cwd });
    assert.deepEqual(hookContractProblems('SessionStart', start), []);
    const post = await runHook('PostToolUse', validPayload('PostToolUse', 'new-session', cwd, { tool_use_id: 'toolu_new', tool_input: { command: 'make zqnewzq' } }), { dataDir: dir, cwd });
    assert.deepEqual(hookContractProblems('PostToolUse', post), []);
    const db = openSqlite(join(dir, 'mnemo.db'), { readonly: true });
    const version = db.pragma('user_version', { simple: true });
    db.close();
    assert.equal(version, LATEST_VERSION);
    const { observations, sessions } = await exportAll(dir);
    assert.equal(observations.filter((o) => o.project === '/old/project').length, n);
    assert.ok(observations.some((o) => o.toolUseId === 'toolu_new'));
    assert.equal(sessions.find((s) => s.externalId === 'old-session')?.endReason, 'other');
    const hit = await runCli(['search', 'zqold17zq', '--json'], dir, cwd);
    assert.equal(hit.code, 0, hit.stderr);
    assert.equal((JSON.parse(hit.stdout) as { id: number }[])[0]?.id, 17);
    const file = await runCli(['search', 'module42', '--json'], dir, cwd);
    assert.ok((JSON.parse(file.stdout) as { id: number }[]).some((h) => h.id === 42), file.stdout.slice(0, 300));
    const d = await doctor(dir);
    assert.equal(d.json?.healthy, true, describeDoctor(d));
    // The same old store through the MCP server.
    const server = await startMcp(dir, cwd);
    const r = await server.call('get_observations', { ids: [17] });
    await server.close();
    assert.match(textOf(r), /zqold17zq/);
  });

  it('a migration SIGKILLed part-way leaves either the old or the new schema, never a mix, and the next open completes it', async () => {
    const rand = rng(SEED ^ 0x85ebca6b);
    const trials = scale(1, 12);
    const landed: number[] = [];
    for (let t = 0; t < trials; t++) {
      const dir = tempDir('mnemo-stress-migkill-');
      const dbPath = join(dir, 'mnemo.db');
      const n = scale(25_000, 150_000);
      makeV1Store(dbPath, n);
      const child = storeChild('open', [dbPath], dir);
      await child.waitFor(/^opening$/);
      await sleep(Math.floor(rand() * scale(250, 900)));
      child.child.kill('SIGKILL');
      await child.exited();
      const db = openSqlite(dbPath);
      const version = db.pragma('user_version', { simple: true }) as number;
      const hasEvents = !!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'events'").get();
      const cols = (db.prepare('PRAGMA table_info(observations)').all() as { name: string }[]).map((c) => c.name);
      db.close();
      landed.push(version);
      assert.ok(version === 1 || version === LATEST_VERSION, `user_version ${version}`);
      assert.equal(hasEvents, version >= 2, `v${version} with events table: ${hasEvents}`);
      assert.equal(cols.includes('priority'), version >= 2, `v${version} with priority column: ${cols.includes('priority')}`);
      assert.deepEqual(integrityCheck(dbPath), ['ok']);
      const d = await doctor(dir);
      assert.equal(d.json?.healthy, true, describeDoctor(d));
      assert.equal(countRows(dbPath).observations, n);
    }
    report('migration kill', { seed: SEED, trials, killedBeforeCommit: landed.filter((v) => v === 1).length, killedAfterCommit: landed.filter((v) => v === LATEST_VERSION).length });
  });

  it('a half-applied migration (v2 objects present, user_version still 1): hooks keep working, doctor says what is wrong', async () => {
    const dir = tempDir('mnemo-stress-halfmig-');
    const cwd = tempDir('mnemo-stress-halfmig-cwd-');
    const dbPath = join(dir, 'mnemo.db');
    makeV1Store(dbPath, 50);
    // What a crash between statements would leave if a step were not one transaction.
    const db = openSqlite(dbPath);
    db.exec('ALTER TABLE observations ADD COLUMN priority INTEGER NOT NULL DEFAULT 5');
    db.close();
    const runs = await pool([...EVENTS], 4, async (event) => ({ event, r: await runHook(event, validPayload(event, 'half', cwd, { tool_use_id: 'toolu_half' }), { dataDir: dir, cwd }) }));
    assert.deepEqual(runs.flatMap(({ event, r }) => hookContractProblems(event, r).map((p) => `${event}: ${p}`)), []);
    const d = await doctor(dir);
    report('migration half-applied', { doctorHealthy: d.json?.healthy ?? 'no JSON', detail: describeDoctor(d).slice(0, 300) });
    assert.ok(d.json, describeDoctor(d));
    assert.equal(d.json.healthy, false);
    assert.match(JSON.stringify(d.json.checks), /migrat|schema/i, 'the message names the schema problem');
  });

  for (const journal of ['wal', 'delete'] as const) {
    it(`a store from a newer mnemo (user_version 99, journal ${journal}) is refused by every face with a clear message and left byte-identical`, async () => {
      const dir = tempDir(`mnemo-stress-v99-${journal}-`);
      const cwd = tempDir('mnemo-stress-v99-cwd-');
      const dbPath = join(dir, 'mnemo.db');
      await makeStore(dir, 20, `v99${journal}`);
      const db = openSqlite(dbPath);
      db.pragma(`journal_mode = ${journal}`);
      db.pragma('user_version = 99');
      db.exec('CREATE TABLE future_feature (id INTEGER PRIMARY KEY, blob BLOB)');
      db.close();
      const snapshot = hashFiles(dir);
      const events = scale<readonly EventName[]>(['SessionStart', 'PostToolUse', 'PreCompact', 'SessionEnd'], EVENTS);
      const hooks = await pool([...events], 4, async (event) => ({ event, r: await runHook(event, validPayload(event, 'v99', cwd, { tool_use_id: 'toolu_v99' }), { dataDir: dir, cwd }) }));
      const hookProblems = hooks.flatMap(({ event, r }) => hookContractProblems(event, r).map((p) => `${event}: ${p}`));
      const cli: { args: string[]; r: ProcResult }[] = [];
      const commands = [['search', 'make'], ['get', '1'], ['timeline', '1'], ['context'], ['sessions'], ['export'], ['forget', '1'], ['summarize', '1'], ['doctor'], ['doctor', '--repair']];
      for (const args of scale(commands.filter((_, i) => i % 2 === 0 || i === 9), commands)) {
        cli.push({ args, r: await runCli(args, dir, cwd) });
      }
      let mcp = '';
      try {
        const server = await startMcp(dir, cwd);
        const r = await server.call('search', { query: 'make' });
        mcp = textOf(r);
        await server.close();
      } catch (err) {
        mcp = `refused: ${(err as Error).message}`;
      }
      const after = hashFiles(dir);
      const unclear = cli.filter(({ r }) => r.code === 0 || !/newer/i.test(r.stdout + r.stderr) || !/upgrade/i.test(r.stdout + r.stderr)).map(({ args, r }) => `${args.join(' ')} → exit ${r.code}: ${(r.stderr || r.stdout).trim().slice(0, 200)}`);
      report(`newer store ${journal}`, { hooks: hooks.length, cliCommands: cli.length, unclear: unclear.length, mnemoDbIdentical: after['mnemo.db'] === snapshot['mnemo.db'], mcp: mcp.slice(0, 160) });
      assert.deepEqual(hookProblems, []);
      assert.deepEqual(unclear, [], 'every command refuses with exit 1 and says the store is newer and to upgrade');
      assert.match(mcp, /newer/i, 'the MCP server refuses with the reason on stderr');
      assert.equal(after['mnemo.db'], snapshot['mnemo.db'], 'mnemo.db was modified');
      assert.ok(!existsSync(join(dir, 'mnemo.db-wal')) || statSync(join(dir, 'mnemo.db-wal')).size === 0, 'a WAL with content was left behind');
      assert.ok(spoolFiles(dir).length >= hooks.length - 1, 'the hooks kept their events in the spool for a newer mnemo');
    });
  }
});
