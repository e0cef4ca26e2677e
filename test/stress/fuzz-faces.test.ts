/**
 * Hostile input to the faces (issue 8 "Hostile input"), fuzzed with fast-check:
 * - MCP tool arguments through the SDK's own client (every tool the server lists): a result or a
 *   clear tool/parameter error, never an internal error, a dead server or stderr noise;
 * - CLI arguments through `runCli` in-process with a fake Io: exit 0/1/2, no stack trace, no
 *   internal error, `--json` output that parses;
 * - import files (`mnemo import claude-code FILE`, `mnemo import jsonl FILE`): mutated transcripts and
 *   exports — a report or a clear error, and a healthy store;
 * - the viewer's HTTP API in-process: never a 500; foreign Host, cross-site and token-less writes
 *   always refused.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import { runCli as runCliInProcess } from '../../src/cli/main.ts';
import type { Io } from '../../src/cli/io.ts';
import { resolveConfig } from '../../src/config/config.ts';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
import { startViewer, type ViewerHandle } from '../../src/viewer/index.ts';
import {
  REPO_ROOT,
  SEED,
  type McpHandle,
  EVENTS,
  cliJson,
  countRows,
  integrityCheck,
  pool,
  report,
  runCli,
  runHook,
  scale,
  startMcp,
  tempDir,
  textOf,
  validPayload,
} from './helpers.ts';

const STACK_RE = /\n\s+at .+:\d+:\d+/;

/** Strings that have broken search engines, parsers and wrappers before. */
const hostileString = fc.oneof(
  fc.string(),
  fc.string({ unit: 'grapheme' }),
  fc.string({ unit: 'binary' }),
  fc.constantFrom(
    '"', '*', '"unterminated', 'NEAR(a b, 2)', 'a:b', '^start', 'AND', 'OR NOT', '(', ')', '-', 'foo*', '{col}: x', '\u0000', '连接', 'payload优先', 'Next.js',
    '../../etc/passwd', '</record>', '<record id="1">', '%', '%%', '\\', "'; DROP TABLE observations; --", '\ud800', '🦀'.repeat(50), ' ', '',
  ),
  fc.integer({ min: 1, max: 250_000 }).map((n) => 'x'.repeat(n)),
);
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: hostileString },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 4 }) },
  { weight: 2, arbitrary: fc.oneof(fc.integer(), fc.double({ noNaN: true }), fc.constantFrom(0, -1, 1, 2 ** 53, -(2 ** 31), 1e308, 0.5)) },
  { weight: 1, arbitrary: fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 60 }) },
);

function seedStore(dataDir: string, cwd: string): Promise<unknown> {
  return pool([...EVENTS], 4, (event) => runHook(event, validPayload(event, 'fuzz-seed', cwd, { tool_use_id: `toolu_fuzz_${event}` }), { dataDir, cwd }));
}

describe('MCP tool arguments', () => {
  const dataDir = tempDir('mnemo-stress-fuzz-mcp-');
  const cwd = tempDir('mnemo-stress-fuzz-mcp-cwd-');
  let server: McpHandle;
  before(async () => {
    await seedStore(dataDir, cwd);
    server = await startMcp(dataDir, cwd);
  });
  after(async () => server?.close());

  it('every tool answers any arguments with a result or a clear error; the server survives, stderr stays empty', async () => {
    const { tools } = await server.client.listTools();
    const calls = fc.sample(
      fc.constantFrom(...tools).chain((t) => {
        const props = Object.keys((t.inputSchema as { properties?: Record<string, unknown> }).properties ?? {});
        const key = props.length ? fc.oneof({ weight: 5, arbitrary: fc.constantFrom(...props) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) }) : fc.string({ maxLength: 8 });
        return fc.tuple(fc.constant(t.name), fc.dictionary(key, hostileValue, { maxKeys: props.length + 2 }));
      }),
      { numRuns: scale(120, 3000), seed: SEED },
    );
    const tally = { ok: 0, toolError: 0, invalidParams: 0 };
    const failures: string[] = [];
    for (const [name, args] of calls) {
      const shown = JSON.stringify(args).slice(0, 200);
      try {
        const r = await server.call(name, args as Record<string, unknown>, 60_000);
        if (!r.isError) tally.ok++;
        else if (/internal error/i.test(textOf(r))) failures.push(`${name} ${shown}: ${textOf(r).slice(0, 200)}`);
        else tally.toolError++;
      } catch (err) {
        if (err instanceof McpError && err.code === ErrorCode.InvalidParams) tally.invalidParams++;
        else failures.push(`${name} ${shown}: threw ${(err as Error).message.slice(0, 200)}`);
      }
    }
    await server.client.ping();
    report('fuzz MCP arguments', { seed: SEED, tools: tools.map((t) => t.name), inputsTried: calls.length, ...tally, failures: failures.length });
    assert.deepEqual(failures.slice(0, 15), [], `${failures.length} failures`);
    assert.equal(server.stderr().trim(), '', 'the server wrote to stderr');
    assert.deepEqual(integrityCheck(join(dataDir, 'mnemo.db')), ['ok']);
  });
});

describe('CLI arguments (runCli in-process, fake Io)', () => {
  const dataDir = tempDir('mnemo-stress-fuzz-cli-');
  const cwd = tempDir('mnemo-stress-fuzz-cli-cwd-');
  before(async () => {
    await seedStore(dataDir, cwd);
  });

  it('exit 0, 1 or 2 for any argv, never a throw, a stack trace or an internal error; --json output parses', async () => {
    // Commands that read stdin, serve forever, spawn, or write outside the data dir are left out:
    // hook, extract, mcp, viewer, demo, install, uninstall, import (its files are fuzzed below).
    const commands = ['search', 'get', 'timeline', 'context', 'sessions', 'export', 'forget', 'doctor', 'summarize', 'help', '--help', '--version', 'nosuchcommand', ''];
    const flags = ['--json', '--limit', '--project', '--type', '--event', '--file', '--session', '--since', '--until', '--before', '--after', '--cwd', '--repair', '--llm', '-h', '--', '-', '--x', '-j'];
    const values = fc.oneof(
      hostileString,
      fc.constantFrom('0', '-1', '1', '3', '1e9', 'NaN', 'Infinity', '9007199254740993', '0x1f', '#3', '1,2,3', ',', '2026-13-45', '2026-11-29', 'yesterday', 'prompt,foo', 'command', '/', '.', '..', '/nonexistent', cwd),
    );
    const token = fc.oneof(fc.constantFrom(...flags), values, fc.tuple(fc.constantFrom(...flags), values).map(([f, v]) => `${f}=${v}`));
    const argvs = fc.sample(fc.tuple(fc.constantFrom(...commands), fc.array(token, { maxLength: 6 })).map(([c, rest]) => (c ? [c, ...rest] : rest)), { numRuns: scale(200, 4000), seed: SEED });
    const config = resolveConfig({ MNEMO_DATA_DIR: dataDir });
    const failures: string[] = [];
    const codes: Record<string, number> = {};
    for (const argv of argvs) {
      const out: string[] = [];
      const err: string[] = [];
      const io: Io = { out: (t) => out.push(t), err: (t) => err.push(t), env: { MNEMO_DATA_DIR: dataDir, HOME: cwd }, cwd, config };
      let code: number;
      try {
        code = await runCliInProcess(argv, io);
      } catch (e) {
        failures.push(`${JSON.stringify(argv).slice(0, 200)}: threw ${(e as Error).message}`);
        continue;
      }
      codes[code] = (codes[code] ?? 0) + 1;
      const text = out.join('\n') + err.join('\n');
      if (![0, 1, 2].includes(code)) failures.push(`${JSON.stringify(argv).slice(0, 200)}: exit ${code}`);
      if (STACK_RE.test(text)) failures.push(`${JSON.stringify(argv).slice(0, 200)}: stack trace`);
      if (/\[INTERNAL\]|internal error/i.test(err.join('\n'))) failures.push(`${JSON.stringify(argv).slice(0, 200)}: ${err.join(' ').slice(0, 200)}`);
      if (code === 2 && err.join('').trim() === '' && out.join('').trim() === '') failures.push(`${JSON.stringify(argv).slice(0, 200)}: usage error without a message`);
      const jsonCapable = ['search', 'get', 'timeline', 'context', 'sessions', 'doctor', 'summarize'];
      if (code === 0 && argv.includes('--json') && !argv.includes('--') && jsonCapable.includes(argv[0]!) && !argv.some((a) => a === '-h' || a === '--help')) {
        try {
          JSON.parse(out.join('\n'));
        } catch {
          failures.push(`${JSON.stringify(argv).slice(0, 200)}: --json printed ${JSON.stringify(out.join('\n').slice(0, 120))}`);
        }
      }
    }
    report('fuzz CLI arguments', { seed: SEED, inputsTried: argvs.length, exitCodes: codes, failures: failures.length });
    assert.deepEqual(failures.slice(0, 15), [], `${failures.length} failures`);
    assert.deepEqual(integrityCheck(join(dataDir, 'mnemo.db')), ['ok']);
  });
});

/** Random edits of a line-oriented file: lines dropped, duplicated, truncated, garbled, replaced. */
function mutateLines(lines: readonly string[]): fc.Arbitrary<{ label: string; bytes: Buffer }> {
  const edit = fc.oneof(
    fc.tuple(fc.constant('truncate'), fc.nat(), fc.double({ min: 0, max: 1, noNaN: true })),
    fc.tuple(fc.constant('replace'), fc.nat(), fc.jsonValue({ maxDepth: 4 })),
    fc.tuple(fc.constant('field'), fc.nat(), fc.tuple(fc.string({ maxLength: 12 }), hostileValue)),
    fc.tuple(fc.constant('duplicate'), fc.nat(), fc.constant(null)),
    fc.tuple(fc.constant('drop'), fc.nat(), fc.constant(null)),
    fc.tuple(fc.constant('bytes'), fc.nat(), fc.uint8Array({ minLength: 1, maxLength: 64 })),
    fc.tuple(fc.constant('deep'), fc.nat(), fc.integer({ min: 100, max: 20_000 })),
  );
  return fc.array(edit, { minLength: 1, maxLength: 12 }).map((edits) => {
    const out: (string | Buffer)[] = [...lines];
    for (const [kind, at, arg] of edits) {
      const i = out.length ? at % out.length : 0;
      const line = String(out[i] ?? '');
      if (kind === 'truncate') out[i] = line.slice(0, Math.floor((arg as number) * line.length));
      else if (kind === 'replace') out[i] = JSON.stringify(arg);
      else if (kind === 'field') {
        try {
          const o = JSON.parse(line) as Record<string, unknown>;
          const [k, v] = arg as [string, unknown];
          out[i] = JSON.stringify(o && typeof o === 'object' ? { ...o, [k]: v } : v);
        } catch {
          out[i] = line;
        }
      } else if (kind === 'duplicate') out.splice(i, 0, line);
      else if (kind === 'drop') out.splice(i, 1);
      else if (kind === 'bytes') out[i] = Buffer.concat([Buffer.from(line.slice(0, 40)), Buffer.from(arg as Uint8Array), Buffer.from(line.slice(40))]);
      else out[i] = '['.repeat(arg as number) + ']'.repeat(arg as number);
    }
    const bytes = Buffer.concat(out.flatMap((l) => [Buffer.isBuffer(l) ? l : Buffer.from(l), Buffer.from('\n')]));
    return { label: edits.map((e) => e[0]).join(','), bytes };
  });
}

describe('import files', () => {
  for (const source of ['claude-code', 'jsonl'] as const) {
    it(`mnemo import ${source}: mutated files give a report or a clear error, and a healthy store`, async () => {
      const dataDir = tempDir(`mnemo-stress-fuzz-import-${source}-`);
      const cwd = tempDir('mnemo-stress-fuzz-import-cwd-');
      let lines: string[];
      if (source === 'claude-code') {
        lines = readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'transcripts', 'tomjnsn-agentlogs', 'crud.jsonl'), 'utf8').split('\n').filter(Boolean);
      } else {
        const src = tempDir('mnemo-stress-fuzz-export-');
        await seedStore(src, cwd);
        const exp = await runCli(['export'], src, cwd);
        lines = exp.stdout.split('\n').filter(Boolean);
      }
      const files = fc.sample(mutateLines(lines), { numRuns: scale(6, 150), seed: SEED });
      const failures: string[] = [];
      const codes: Record<string, number> = {};
      await pool(files, 3, async (f, i) => {
        const file = join(cwd, `input-${i}.jsonl`);
        writeFileSync(file, f.bytes);
        const r = await runCli(['import', source, file, '--json'], dataDir, cwd);
        codes[String(r.code)] = (codes[String(r.code)] ?? 0) + 1;
        if (r.code !== 0 && r.code !== 1) failures.push(`[${f.label}] exit ${r.code}: ${r.stderr.slice(0, 200)}`);
        if (STACK_RE.test(r.stderr) || /\[INTERNAL\]/.test(r.stderr)) failures.push(`[${f.label}] ${r.stderr.slice(0, 300)}`);
        if (r.code === 0) {
          try {
            JSON.parse(r.stdout);
          } catch {
            failures.push(`[${f.label}] --json printed ${r.stdout.slice(0, 120)}`);
          }
        }
      });
      report(`fuzz import ${source}`, { seed: SEED, inputsTried: files.length, exitCodes: codes, failures: failures.length });
      assert.deepEqual(failures.slice(0, 10), [], `${failures.length} failures`);
      const doctor = await cliJson<{ healthy: boolean; checks: unknown[] }>(['doctor', '--json'], dataDir);
      assert.equal(doctor.healthy, true, JSON.stringify(doctor.checks));
      const rows = countRows(join(dataDir, 'mnemo.db'));
      assert.equal(rows.fts, rows.publicObservations);
    });
  }
});

/** Percent-encode every byte of the UTF-8 form (lone surrogates become U+FFFD, never a throw). */
const pct = (s: string) => [...Buffer.from(s, 'utf8')].map((b) => (/[A-Za-z0-9_.~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : '%' + b.toString(16).padStart(2, '0'))).join('');

interface HttpAnswer {
  readonly status: number;
  readonly body: string;
  readonly type: string;
}

function http(port: number, method: string, path: string, headers: Record<string, string>, body?: Buffer): Promise<HttpAnswer> {
  return new Promise((res, rej) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers, setHost: false, timeout: 30_000 }, (r) => {
      const chunks: Buffer[] = [];
      r.on('data', (c: Buffer) => chunks.push(c));
      r.on('end', () => res({ status: r.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8'), type: String(r.headers['content-type'] ?? '') }));
      r.on('error', rej);
    });
    req.on('timeout', () => req.destroy(new Error('timeout')));
    req.on('error', rej);
    req.end(body);
  });
}

describe('viewer HTTP API (in-process)', () => {
  const dataDir = tempDir('mnemo-stress-fuzz-viewer-');
  const cwd = tempDir('mnemo-stress-fuzz-viewer-cwd-');
  let viewer: ViewerHandle;
  let store: SqliteStore;
  before(async () => {
    await seedStore(dataDir, cwd);
    const config = resolveConfig({ MNEMO_DATA_DIR: dataDir });
    store = SqliteStore.open({ path: config.dbPath, busyTimeoutMs: 5000 });
    viewer = await startViewer({ store, config, version: 'stress', port: 0, pollMs: 60_000 });
  });
  after(async () => {
    await viewer?.close();
    await store?.close();
  });

  it('never answers 500; foreign Host, cross-site requests and writes without the token are always refused', async () => {
    const port = viewer.port;
    const paths = ['/', '/index.html', '/api/health', '/api/meta', '/api/search', '/api/feed', '/api/observations', '/api/observations/1', '/api/timeline', '/api/sessions', '/api/sessions/1', '/api/sessions/1/observations', '/api/context', '/api/stats', '/api/insights', '/api/settings', '/api/export', '/api/forget', '/api/nope', '/assets/x.js', '/../../etc/passwd', '/%2e%2e/%2e%2e/etc/passwd', '/%', '/api/observations/%ZZ'];
    const params = ['q', 'query', 'type', 'event', 'project', 'platform', 'file', 'session', 'since', 'until', 'current', 'limit', 'days', 'tz', 'id', 'before', 'after', 'cursor', 'ids', 'offset'];
    const paramValue = fc.oneof(hostileString.map((s) => s.slice(0, 3000)), fc.constantFrom('1', '0', '-5', '99999999999999999999', '2026-11-29', 'prompt,command', 'NaN'));
    const qs = fc.array(fc.tuple(fc.constantFrom(...params), paramValue), { maxLength: 5 }).map((kv) => (kv.length ? '?' + kv.map(([k, v]) => `${pct(k)}=${pct(v)}`).join('&') : ''));
    const pathArb = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...paths) }, { weight: 1, arbitrary: fc.string({ maxLength: 30 }).map((s) => '/' + pct(s)) }, { weight: 1, arbitrary: fc.nat().map((n) => `/api/observations/${n}`) });
    const requests = fc.sample(
      fc.record({
        // Mostly well-behaved requests with hostile parameters (the handlers' turn), some hostile headers (the guard's).
        method: fc.oneof({ weight: 12, arbitrary: fc.constant('GET') }, { weight: 3, arbitrary: fc.constantFrom('HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH', 'BREW') }),
        path: pathArb,
        query: qs,
        host: fc.oneof({ weight: 12, arbitrary: fc.constant('own') }, { weight: 3, arbitrary: fc.constantFrom('localhost', 'evil.example', 'attacker.local:80', '127.0.0.1', '') }),
        origin: fc.oneof({ weight: 12, arbitrary: fc.constant(undefined) }, { weight: 3, arbitrary: fc.constantFrom('own', 'http://evil.example', 'null') }),
        site: fc.oneof({ weight: 12, arbitrary: fc.constant(undefined) }, { weight: 4, arbitrary: fc.constantFrom('same-origin', 'cross-site', 'same-site', 'none') }),
        token: fc.constantFrom(undefined, 'right', 'wrong'),
        type: fc.constantFrom(undefined, 'application/json', 'text/plain', 'application/x-www-form-urlencoded'),
        body: fc.oneof(fc.constant(undefined), fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)), fc.constantFrom('{"ids":[1]}', '{"ids":"x"}', '{', '{"session":1}', 'x'.repeat(70_000))),
      }),
      { numRuns: scale(200, 5000), seed: SEED },
    );
    const failures: string[] = [];
    const statuses: Record<string, number> = {};
    for (const q of requests) {
      const own = `127.0.0.1:${port}`;
      const host = q.host === 'own' ? own : q.host === 'localhost' ? `localhost:${port}` : q.host;
      const headers: Record<string, string> = { Host: host };
      if (q.origin) headers.Origin = q.origin === 'own' ? `http://${own}` : q.origin;
      if (q.site) headers['Sec-Fetch-Site'] = q.site;
      if (q.token) headers['X-Mnemo-Token'] = q.token === 'right' ? viewer.token : 'wrong-token';
      if (q.type) headers['Content-Type'] = q.type;
      const body = q.body !== undefined && !['GET', 'HEAD'].includes(q.method) ? Buffer.from(q.body) : undefined;
      if (body) headers['Content-Length'] = String(body.length);
      const label = `${q.method} ${q.path}${q.query} Host=${host} Origin=${headers.Origin ?? '-'} Site=${q.site ?? '-'} token=${q.token ?? '-'}`.slice(0, 260);
      let a: HttpAnswer;
      try {
        a = await http(port, q.method, q.path + q.query, headers, body);
      } catch (err) {
        failures.push(`${label}: ${(err as Error).message}`);
        continue;
      }
      statuses[a.status] = (statuses[a.status] ?? 0) + 1;
      if (a.status >= 500 && a.status !== 503) failures.push(`${label}: ${a.status} ${a.body.slice(0, 200)}`);
      const hostOk = host === own || host === `localhost:${port}`;
      if (!hostOk && a.status !== 403 && a.status !== 400) failures.push(`${label}: foreign Host answered ${a.status}`);
      const crossSite = (headers.Origin !== undefined && headers.Origin !== `http://${own}` && headers.Origin !== `http://localhost:${port}`) || (q.site !== undefined && q.site !== 'same-origin' && q.site !== 'none');
      const navigation = q.method === 'GET' && q.path === '/';
      if (hostOk && crossSite && !navigation && a.status < 400) failures.push(`${label}: cross-site request answered ${a.status}`);
      if (hostOk && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(q.method) && q.token !== 'right' && a.status < 400) failures.push(`${label}: write without the token answered ${a.status}`);
      if (q.path.startsWith('/api/') && q.path !== '/api/export' && q.method !== 'HEAD' && a.body) {
        try {
          JSON.parse(a.body);
        } catch {
          failures.push(`${label}: API answer is not JSON: ${a.body.slice(0, 120)}`);
        }
      }
    }
    const health = await http(port, 'GET', '/api/health', { Host: `127.0.0.1:${port}` });
    report('fuzz viewer API', { seed: SEED, inputsTried: requests.length, statuses, failures: failures.length });
    assert.equal(health.status, 200, 'the viewer still answers');
    assert.deepEqual(failures.slice(0, 15), [], `${failures.length} failures`);
  });
});
