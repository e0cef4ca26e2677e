// The live stream: a hook process writes to the spool, the viewer folds it and pushes the new
// observation (with its events and session label) to every open stream; a reconnecting page gets
// what it missed; forgetting is announced; and `mnemo viewer` itself starts, answers and stops.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { StreamForgotten, StreamObservations } from '../../../src/viewer/index.ts';
import { cliJs, childEnv } from '../hooks/helpers.ts';
import { get, postJson, replay, runHook, seedTwoProjects, sleep, sse, startOn, tempDir, type Running, type Seeded } from './helpers.ts';

let seeded: Seeded;
let run: Running;

before(async () => {
  seeded = await seedTwoProjects('live');
  run = await startOn(seeded.dataDir, { pollMs: 100 });
});
after(async () => {
  await run?.close();
});

function toolCall(id: string, command: string): Record<string, unknown> {
  return {
    session_id: 'cc-viewer-live',
    transcript_path: join(seeded.repo, '.t.jsonl'),
    cwd: seeded.repo,
    hook_event_name: 'PostToolUse',
    tool_name: 'Bash',
    tool_use_id: id,
    tool_input: { command, description: 'live test' },
    tool_response: { stdout: `ran ${command}`, stderr: '', interrupted: false, isImage: false },
  };
}

describe('live stream', () => {
  test('a hook run shows up on every open stream within a second or two', async () => {
    const a = await sse(run.port);
    const b = await sse(run.port);
    assert.equal(a.status, 200);
    await a.waitFor((e) => e.event === 'hello', 2000);
    const started = Date.now();
    const r = await runHook('PostToolUse', toolCall('toolu_live_01', 'echo LIVEMARKER1'), { dataDir: seeded.dataDir, cwd: seeded.repo });
    assert.equal(r.code, 0, r.stderr);
    const match = (e: { event: string; data: string }) => e.event === 'observations' && e.data.includes('LIVEMARKER1');
    const ea = await a.waitFor(match, 5000);
    const eb = await b.waitFor(match, 5000);
    const ms = Date.now() - started;
    const payload = JSON.parse(ea.data) as StreamObservations;
    const o = payload.observations.find((x) => x.toolUseId === 'toolu_live_01')!;
    assert.ok(o, 'the observation is in the event');
    assert.match(o.title, /LIVEMARKER1/);
    assert.ok(payload.sessions[String(o.sessionId)], 'with its session label');
    assert.equal(ea.id, String(o.id), 'event ids are observation ids');
    assert.equal(eb.id, ea.id);
    assert.ok(ms < 5000, `took ${ms} ms`);
    a.close();
    b.close();
  });

  test('a page that reconnects with Last-Event-ID gets what it missed', async () => {
    const first = await sse(run.port);
    const hello = await first.waitFor((e) => e.event === 'hello', 2000);
    const lastSeen = hello.id!;
    first.close();
    await runHook('PostToolUse', toolCall('toolu_live_02', 'echo LIVEMARKER2'), { dataDir: seeded.dataDir, cwd: seeded.repo });
    // Wait until the viewer has folded it, with no stream open.
    for (let i = 0; i < 50; i++) {
      const f = (await get(run.port, '/api/feed?limit=5')).text;
      if (f.includes('LIVEMARKER2')) break;
      await sleep(100);
    }
    const again = await sse(run.port, { 'last-event-id': lastSeen });
    const missed = await again.waitFor((e) => e.event === 'observations' && e.data.includes('LIVEMARKER2'), 3000);
    assert.ok(Number(missed.id) > Number(lastSeen));
    again.close();
  });

  test('forgetting is announced to open streams', async () => {
    const s = await sse(run.port);
    await s.waitFor((e) => e.event === 'hello', 2000);
    const feed = (await get(run.port, '/api/feed?limit=50')).json<{ observations: { id: number; title: string }[] }>();
    const target = feed.observations.find((o) => o.title.includes('LIVEMARKER1'))!;
    const r = await postJson(run.port, '/api/forget', { ids: [target.id] }, run.viewer.token);
    assert.equal(r.status, 200);
    const e = await s.waitFor((x) => x.event === 'forgotten', 2000);
    const f = JSON.parse(e.data) as StreamForgotten;
    assert.deepEqual(f.ids, [target.id]);
    assert.equal(f.removed, 1);
    s.close();
  });

  test('many hooks at once: each observation arrives exactly once, in id order', async () => {
    const s = await sse(run.port);
    await s.waitFor((e) => e.event === 'hello', 2000);
    const n = 12;
    await Promise.all(Array.from({ length: n }, (_, i) => runHook('PostToolUse', toolCall(`toolu_burst_${i}`, `echo BURST${i}`), { dataDir: seeded.dataDir, cwd: seeded.repo })));
    const deadline = Date.now() + 10_000;
    const ids = () => s.events.filter((e) => e.event === 'observations').flatMap((e) => (JSON.parse(e.data) as StreamObservations).observations.filter((o) => o.title.includes('BURST')).map((o) => o.id));
    while (ids().length < n && Date.now() < deadline) await sleep(100);
    const got = ids();
    assert.equal(got.length, n, `got ${got.length} of ${n}`);
    assert.equal(new Set(got).size, n, 'no duplicates');
    assert.deepEqual(got, [...got].sort((x, y) => x - y));
    s.close();
  });
});

describe('mnemo viewer (the command)', () => {
  test('prints its URL, serves, writes viewer.json (0600), and stops cleanly on SIGTERM', async () => {
    const dataDir = tempDir('mnemo-viewer-cli-');
    await replay(dataDir, []);
    const child = spawn(process.execPath, [cliJs(), 'viewer', '--port', '0'], { env: childEnv(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    let err = '';
    child.stderr.on('data', (b: Buffer) => (err += b.toString()));
    const deadline = Date.now() + 15_000;
    while (!/http:\/\/127\.0\.0\.1:\d+\//.test(out) && Date.now() < deadline && child.exitCode === null) await sleep(50);
    const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out)?.[0];
    assert.ok(url, `no URL printed; stdout: ${out} stderr: ${err}`);
    assert.match(out, /^mnemo viewer: http:\/\/127\.0\.0\.1:\d+\/\n/);
    const health = await fetch(`${url}api/health`);
    assert.equal(health.status, 200);
    const page = await fetch(url);
    assert.match(await page.text(), /<div id="app">/);
    const info = join(dataDir, 'viewer.json');
    assert.ok(existsSync(info));
    const parsed = JSON.parse(readFileSync(info, 'utf8')) as { url: string; token: string; pid: number };
    assert.equal(parsed.url, url);
    assert.equal(parsed.pid, child.pid);
    assert.ok(parsed.token.length >= 32);
    assert.equal(statSync(info).mode & 0o777, 0o600);
    const forget = await fetch(`${url}api/forget`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-mnemo-token': parsed.token }, body: '{"ids":[1]}' });
    assert.equal(forget.status, 200, 'local tools can change data with the token from viewer.json');
    child.kill('SIGTERM');
    const code = await new Promise<number | null>((res) => child.on('exit', (c) => res(c)));
    assert.equal(code, 0, err);
    assert.ok(!existsSync(info), 'viewer.json removed on exit');
  });

  test('refuses a non-loopback bind without --allow-remote, and bad options', async () => {
    const dataDir = tempDir('mnemo-viewer-cli2-');
    const runCmd = (args: string[]) =>
      new Promise<{ code: number | null; err: string }>((res) => {
        const c = spawn(process.execPath, [cliJs(), 'viewer', ...args], { env: childEnv(dataDir), stdio: ['ignore', 'pipe', 'pipe'] });
        let err = '';
        c.stderr.on('data', (b: Buffer) => (err += b.toString()));
        const t = setTimeout(() => c.kill('SIGKILL'), 15_000);
        c.on('exit', (code) => (clearTimeout(t), res({ code, err })));
      });
    const remote = await runCmd(['--host', '0.0.0.0', '--port', '0']);
    assert.equal(remote.code, 1);
    assert.match(remote.err, /refusing to listen on 0\.0\.0\.0/);
    assert.equal((await runCmd(['--port', 'abc'])).code, 2);
    assert.equal((await runCmd(['--port', '70000'])).code, 2);
    assert.equal((await runCmd(['--bogus'])).code, 2);
  });
});
