// The viewer's JSON API over a store seeded by the real hook bundle: every documented route, its
// parameters and errors, the same answers as the CLI (same engine), forget with the token, export,
// and that planted secrets and private text never come out of any route.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import type {
  ContextResponse,
  FeedResponse,
  ForgetResponse,
  HealthResponse,
  InsightsResponse,
  MetaResponse,
  ObservationDetailResponse,
  ObservationsResponse,
  SearchResponse,
  SessionReport,
  SessionsResponse,
  SettingsResponse,
  StatsResponse,
  TimelineResponse,
} from '../../../src/viewer/index.ts';
import { cliJson, runCli } from '../hooks/helpers.ts';
import { MARK, TOOL_IDS } from '../mcp/harness.ts';
import { get, postJson, req, seedTwoProjects, startOn, type Running, type Seeded } from './helpers.ts';

let seeded: Seeded;
let run: Running;
let project: string;
let other: string;
let all: FeedResponse['observations'];

before(async () => {
  seeded = await seedTwoProjects('api');
  run = await startOn(seeded.dataDir);
  const meta = (await get(run.port, '/api/meta')).json<MetaResponse>();
  project = meta.projects.find((p) => p.endsWith(seeded.repo.split('/').pop()!))!;
  other = meta.projects.find((p) => p !== project)!;
  all = (await get(run.port, '/api/feed?limit=500')).json<FeedResponse>().observations;
});
after(async () => {
  await run?.close();
});

const byTool = (id: string) => all.find((o) => o.toolUseId === id)!;

describe('read routes', () => {
  test('health says who it is, cheaply', async () => {
    const r = await get(run.port, '/api/health');
    assert.equal(r.status, 200);
    const h = r.json<HealthResponse>();
    assert.equal(h.ok, true);
    assert.equal(h.name, 'mnemo');
    assert.equal(h.apiVersion, 1);
    assert.ok(h.schemaVersion >= 2);
    assert.match(String(r.headers['content-type']), /^application\/json/);
    assert.equal(r.headers['cache-control'], 'no-store');
  });

  test('meta lists types, symbols, event types, projects and assistants', async () => {
    const m = (await get(run.port, '/api/meta')).json<MetaResponse>();
    assert.ok(m.types.includes('prompt') && m.types.includes('error'));
    assert.equal(m.symbols.error, '✗');
    assert.ok(m.eventTypes.includes('error_resolved'));
    assert.deepEqual(new Set(m.projects), new Set([project, other]));
    assert.deepEqual(m.platforms, ['claude-code']);
  });

  test('stats count what the export holds', async () => {
    const s = (await get(run.port, '/api/stats')).json<StatsResponse>();
    assert.equal(s.observations, all.length, 'no pending notes are left in this store, so the feed shows every row');
    assert.equal(s.sessions, 2);
    assert.equal(s.projects, 2);
    assert.ok(s.dbBytes > 0);
    assert.equal(s.spoolPending, 0);
  });

  test('feed: newest first, pending notes hidden, sessions labelled, events attached', async () => {
    const f = (await get(run.port, '/api/feed')).json<FeedResponse>();
    assert.ok(f.observations.length >= 9, `only ${f.observations.length} rows`);
    for (let i = 1; i < f.observations.length; i++) {
      const a = f.observations[i - 1]!;
      const b = f.observations[i]!;
      assert.ok(a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id), 'not newest first');
    }
    assert.ok(!f.observations.some((o) => o.type === 'pending'));
    for (const o of f.observations) assert.ok(f.sessions[String(o.sessionId)], `no label for session ${o.sessionId}`);
    assert.equal(f.next, undefined);
    const edit = f.observations.find((o) => o.toolUseId === TOOL_IDS.edit)!;
    assert.ok(edit.events.some((e) => e.type === 'file_edit'), JSON.stringify(edit.events));
    const fail = f.observations.find((o) => o.toolUseId === TOOL_IDS.testFail)!;
    assert.equal(fail.type, 'error');
    assert.ok(fail.events.some((e) => e.type === 'error_tool'));
  });

  test('feed: cursor pages cover every row exactly once, in both orders', async () => {
    for (const order of ['desc', 'asc'] as const) {
      const seen: number[] = [];
      let cursor: string | undefined;
      for (let i = 0; i < 50; i++) {
        const page = (await get(run.port, `/api/feed?limit=3&order=${order}${cursor ? `&cursor=${cursor}` : ''}`)).json<FeedResponse>();
        seen.push(...page.observations.map((o) => o.id));
        if (!page.next) break;
        cursor = page.next;
      }
      const expected = all.map((o) => o.id);
      assert.deepEqual(seen, order === 'desc' ? expected : [...expected].reverse());
    }
  });

  test('feed filters: project, assistant, type, session', async () => {
    const p = (await get(run.port, `/api/feed?project=${encodeURIComponent(other)}`)).json<FeedResponse>();
    assert.ok(p.observations.length >= 1 && p.observations.every((o) => o.project === other));
    const errs = (await get(run.port, '/api/feed?type=error,change')).json<FeedResponse>();
    assert.ok(errs.observations.length >= 2 && errs.observations.every((o) => o.type === 'error' || o.type === 'change'));
    const none = (await get(run.port, '/api/feed?platform=codex')).json<FeedResponse>();
    assert.equal(none.observations.length, 0);
    const sid = byTool(TOOL_IDS.read).sessionId;
    const s = (await get(run.port, `/api/feed?session=${sid}`)).json<FeedResponse>();
    assert.ok(s.observations.every((o) => o.sessionId === sid));
  });

  test('search answers as the CLI does (same engine), with terms to highlight', async () => {
    for (const q of ['connection pool', '连接池', 'src/db/pool.ts', MARK.identifier, 'Next.js']) {
      const api = (await get(run.port, `/api/search?q=${encodeURIComponent(q)}&limit=20&current=${encodeURIComponent(project)}`)).json<SearchResponse>();
      const cli = await cliJson<{ id: number }[]>(['search', q, '--json', '--limit', '20'], seeded.dataDir, seeded.repo);
      assert.deepEqual(api.results.map((o) => o.id), cli.map((o) => o.id), `query ${q}`);
      assert.ok(api.results.length > 0, `no results for ${q}`);
      assert.ok(api.terms.length > 0);
      assert.equal(api.query, q);
      for (const o of api.results) assert.ok(api.sessions[String(o.sessionId)]);
      assert.ok(typeof api.tookMs === 'number');
    }
    const zh = (await get(run.port, `/api/search?q=${encodeURIComponent('连接池')}`)).json<SearchResponse>();
    assert.ok(zh.terms.includes('连接') && zh.terms.includes('接池'), JSON.stringify(zh.terms));
  });

  test('search filters: type, event type, file, project, assistant, dates', async () => {
    const q = (extra: string) => get(run.port, `/api/search?q=${encodeURIComponent('pool checkout connection npm')}&${extra}`).then((r) => r.json<SearchResponse>());
    const errs = await q('type=error');
    assert.ok(errs.results.length && errs.results.every((o) => o.type === 'error'));
    const ev = await q('event=file_edit');
    assert.ok(ev.results.length && ev.results.every((o) => o.events.some((e) => e.type === 'file_edit')));
    const file = await q('file=src/db/pool.ts');
    assert.ok(file.results.length && file.results.every((o) => o.files.some((f) => f.endsWith('src/db/pool.ts'))));
    const proj = await q(`project=${encodeURIComponent(other)}`);
    assert.ok(proj.results.length && proj.results.every((o) => o.project === other));
    assert.equal((await q('platform=codex')).results.length, 0);
    assert.equal((await q('until=2001-01-01')).results.length, 0);
    assert.ok((await q(`since=${Date.now() - 3_600_000}`)).results.length > 0);
  });

  test('observation detail: the full record, its events, session and neighbours', async () => {
    const edit = byTool(TOOL_IDS.edit);
    const d = (await get(run.port, `/api/observations/${edit.id}?before=2&after=2`)).json<ObservationDetailResponse>();
    assert.equal(d.observation.id, edit.id);
    assert.equal(d.observation.body, edit.body);
    assert.ok(d.observation.events.length > 0);
    assert.equal(d.session?.project, project);
    assert.ok(d.before.length <= 2 && d.before.every((o) => o.id < edit.id && o.sessionId === edit.sessionId));
    assert.ok(d.after.length > 0 && d.after.length <= 2 && d.after.every((o) => o.id > edit.id));
    const list = (await get(run.port, `/api/observations?ids=${edit.id},999999`)).json<ObservationsResponse>();
    assert.deepEqual(list.observations.map((o) => o.id), [edit.id]);
    assert.deepEqual(list.missing, [999999]);
  });

  test('timeline matches the CLI', async () => {
    const id = byTool(TOOL_IDS.testFail).id;
    const t = (await get(run.port, `/api/timeline?id=${id}&before=3&after=3`)).json<TimelineResponse>();
    const cli = await cliJson<{ id: number }[]>(['timeline', String(id), '--before', '3', '--after', '3', '--json'], seeded.dataDir);
    assert.equal(t.anchor, id);
    assert.deepEqual(t.observations.map((o) => o.id), cli.map((o) => o.id));
  });

  test('sessions: list, pages, and one session read whole', async () => {
    const list = (await get(run.port, '/api/sessions')).json<SessionsResponse>();
    assert.equal(list.sessions.length, 2);
    const page1 = (await get(run.port, '/api/sessions?limit=1')).json<SessionsResponse>();
    assert.ok(page1.next);
    const page2 = (await get(run.port, `/api/sessions?limit=1&cursor=${page1.next}`)).json<SessionsResponse>();
    assert.notEqual(page1.sessions[0]!.id, page2.sessions[0]!.id);
    const sid = byTool(TOOL_IDS.read).sessionId;
    const r = (await get(run.port, `/api/sessions/${sid}`)).json<SessionReport>();
    assert.equal(r.session.id, sid);
    assert.ok(r.summary && r.summary.brief.length > 0 && r.summary.detailed.length >= r.summary.brief.length, 'summary written at SessionEnd');
    assert.ok(r.files.some((f) => f.file.endsWith('src/db/pool.ts') && f.changes >= 1), JSON.stringify(r.files));
    assert.ok(r.errors.some((o) => o.toolUseId === TOOL_IDS.testFail));
    assert.ok(r.eventCounts.file_edit! >= 1);
    const obs = (await get(run.port, `/api/sessions/${sid}/observations?limit=2`)).json<FeedResponse>();
    assert.equal(obs.observations.length, 2);
    assert.ok(obs.next);
    assert.ok(obs.observations[0]!.createdAt <= obs.observations[1]!.createdAt, 'a session reads from its start');
  });

  test('context is what `mnemo context` prints', async () => {
    const c = (await get(run.port, `/api/context?project=${encodeURIComponent(project)}`)).json<ContextResponse>();
    const cli = await cliJson<{ context: string; project: string }>(['context', '--cwd', seeded.repo, '--json'], seeded.dataDir);
    assert.equal(cli.project, project);
    assert.equal(c.context, cli.context);
    assert.equal(c.chars, c.context.length);
    assert.ok(c.chars <= c.budget);
  });

  test('insights: activity, projects, assistants, types, files, context saved, db size', async () => {
    const tz = -new Date().getTimezoneOffset();
    const i = (await get(run.port, `/api/insights?days=30&tz=${tz}`)).json<InsightsResponse>();
    assert.equal(i.days, 30);
    const today = new Date();
    const key = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    assert.equal(i.activity.reduce((a, d) => a + d.observations, 0), i.db.observations);
    assert.equal(i.activity.at(-1)!.day, key);
    assert.equal(i.projects.length, 2);
    assert.equal(i.platforms[0]!.platform, 'claude-code');
    assert.equal(i.platforms[0]!.sessions, 2);
    assert.ok(i.types.some((t) => t.type === 'error'));
    assert.ok(i.files.some((f) => f.file.endsWith('src/db/pool.ts')));
    const c = i.context.find((x) => x.project === project)!;
    assert.ok(c.historyChars > 0 && c.injectedChars > 0);
    assert.ok(i.db.dbBytes > 0);
  });

  test('settings show what is in force', async () => {
    const s = (await get(run.port, '/api/settings')).json<SettingsResponse>();
    assert.equal(s.dataDir, run.config.dataDir);
    assert.equal(s.contextBudget, run.config.contextBudget);
    assert.equal(s.summarizer.provider, 'heuristic');
    assert.equal(s.viewer.url, run.viewer.url);
  });

  test('export streams the same JSONL as `mnemo export`', async () => {
    const r = await get(run.port, '/api/export');
    assert.equal(r.status, 200);
    assert.match(String(r.headers['content-disposition']), /attachment; filename="mnemo-export-\d{4}-\d{2}-\d{2}\.jsonl"/);
    const lines = r.text.trim().split('\n').map((l) => JSON.parse(l) as { record: string });
    const cli = await runCli(['export'], seeded.dataDir);
    assert.equal(r.text.trim(), cli.stdout.trim());
    assert.equal(lines.filter((l) => l.record === 'session').length, 2);
  });
});

describe('bad requests are answered, not crashed on', () => {
  const cases: [string, number, string][] = [
    ['/api/search', 400, 'BAD_REQUEST'],
    ['/api/search?q=x&limit=0', 400, 'BAD_REQUEST'],
    ['/api/search?q=x&limit=abc', 400, 'BAD_REQUEST'],
    ['/api/search?q=x&type=bogus', 400, 'BAD_REQUEST'],
    ['/api/search?q=x&since=yesterday-ish', 400, 'BAD_REQUEST'],
    ['/api/feed?cursor=nope', 400, 'BAD_REQUEST'],
    ['/api/feed?order=sideways', 400, 'BAD_REQUEST'],
    ['/api/observations/abc', 400, 'BAD_REQUEST'],
    ['/api/observations/0', 400, 'BAD_REQUEST'],
    ['/api/observations/99999999', 404, 'NOT_FOUND'],
    ['/api/observations', 400, 'BAD_REQUEST'],
    ['/api/observations?ids=1,x', 400, 'BAD_REQUEST'],
    ['/api/timeline?id=99999999', 404, 'NOT_FOUND'],
    ['/api/sessions/424242', 404, 'NOT_FOUND'],
    ['/api/context', 400, 'BAD_REQUEST'],
    ['/api/nope', 404, 'NOT_FOUND'],
    ['/api/observations/%E0%A4%A', 400, 'BAD_REQUEST'],
    [`/api/search?q=${'x'.repeat(5000)}`, 400, 'BAD_REQUEST'],
  ];
  for (const [path, status, code] of cases) {
    test(`${path.slice(0, 60)} → ${status}`, async () => {
      const r = await get(run.port, path);
      assert.equal(r.status, status, r.text);
      assert.equal(r.json<{ error: { code: string } }>().error.code, code);
    });
  }

  test('a POST to a read route is 405, a GET to forget is 405', async () => {
    assert.equal((await postJson(run.port, '/api/search', {}, run.viewer.token)).status, 405);
    assert.equal((await get(run.port, '/api/forget')).status, 405);
  });

  test('forget validates its body', async () => {
    const t = run.viewer.token;
    for (const body of [{}, { ids: 'x' }, { ids: [0] }, { ids: [-1] }, { sessionId: 'a' }, { project: '' }, { what: 1 }, [1, 2], null]) {
      const r = await postJson(run.port, '/api/forget', body, t);
      assert.equal(r.status, 400, `${JSON.stringify(body)}: ${r.text}`);
    }
    const bad = await req(run.port, 'POST', '/api/forget', { headers: { 'content-type': 'application/json', 'x-mnemo-token': t }, body: '{"ids": [1' });
    assert.equal(bad.status, 400);
    assert.equal(bad.json<{ error: { code: string } }>().error.code, 'BAD_JSON');
    const big = await req(run.port, 'POST', '/api/forget', { headers: { 'content-type': 'application/json', 'x-mnemo-token': t }, body: JSON.stringify({ ids: [1], pad: 'x'.repeat(100_000) }) });
    assert.equal(big.status, 413);
  });
});

describe('nothing secret or private comes out', () => {
  test('no route returns the planted token, the private block or the all-private prompt', async () => {
    const paths = [
      '/api/feed?limit=500',
      `/api/search?q=${encodeURIComponent('git push GITHUB_TOKEN')}`,
      `/api/search?q=${MARK.privateText}`,
      `/api/search?q=${MARK.allPrivate}`,
      '/api/sessions',
      `/api/sessions/${all[0]!.sessionId}`,
      `/api/context?project=${encodeURIComponent(project)}`,
      '/api/export',
      `/api/observations/${byTool(TOOL_IDS.push).id}`,
    ];
    for (const p of paths) {
      const r = await get(run.port, p);
      assert.equal(r.status, 200, p);
      // A search echoes its own query; only what came from the store counts.
      const text = p.startsWith('/api/search') ? JSON.stringify({ ...r.json<object>(), query: '', terms: [] }) : r.text;
      for (const secret of [MARK.ghToken, MARK.privateText, MARK.allPrivate]) assert.ok(!text.includes(secret), `${p} leaks ${secret.slice(0, 8)}…`);
    }
    const push = (await get(run.port, `/api/observations/${byTool(TOOL_IDS.push).id}`)).json<ObservationDetailResponse>();
    assert.match(push.observation.title + push.observation.body, /REDACTED/);
  });
});

describe('forget (last: it changes the store)', () => {
  test('an observation, then a session, then a project; each gone from every route', async () => {
    const t = run.viewer.token;
    const edit = byTool(TOOL_IDS.edit);
    const r = await postJson(run.port, '/api/forget', { ids: [edit.id] }, t);
    assert.equal(r.status, 200, r.text);
    assert.equal(r.json<ForgetResponse>().removed, 1);
    assert.equal((await get(run.port, `/api/observations/${edit.id}`)).status, 404);
    const s = (await get(run.port, `/api/search?q=${MARK.identifier}`)).json<SearchResponse>();
    assert.ok(!s.results.some((o) => o.id === edit.id));
    assert.equal((await postJson(run.port, '/api/forget', { ids: [edit.id] }, t)).json<ForgetResponse>().removed, 0, 'forgetting twice is harmless');

    const otherSession = all.find((o) => o.project === other)!.sessionId;
    const gone = (await postJson(run.port, '/api/forget', { sessionId: otherSession }, t)).json<ForgetResponse>();
    assert.ok(gone.removed >= 1);
    assert.equal((await get(run.port, `/api/sessions/${otherSession}`)).status, 404);

    const p = (await postJson(run.port, '/api/forget', { project }, t)).json<ForgetResponse>();
    assert.ok(p.removed >= 5);
    const stats = (await get(run.port, '/api/stats')).json<StatsResponse>();
    assert.equal(stats.observations, 0);
    assert.equal(stats.sessions, 0);
    const meta = (await get(run.port, '/api/meta')).json<MetaResponse>();
    assert.deepEqual(meta.projects, [], 'the filter lists forget the project too');
  });
});
