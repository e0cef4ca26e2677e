// Issue 4's proof: the heuristic summarizer on real transcripts, replayed through the hook path
// (`mnemo import claude-code`: transcript → hook payloads → capture → ingest with extraction →
// summary). Each summary must name what the user first asked for and the files the session changed,
// stay within 900 / 3,200 characters, and be written in the user's language.
// The fixture sessions always run; with ../shared/corpus present, every corpus session runs too.
import { after, test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { SUMMARY_LIMITS } from '../../../src/core/summarize/heuristic.ts';
import { phrasesFor } from '../../../src/core/summarize/phrases.ts';
import { oneLine } from '../../../src/core/titles.ts';
import type { Observation, Session } from '../../../src/core/types.ts';
import { importClaudeCode } from '../../../src/import/claude-code-import.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { cleanup, FIXTURES, tempDir, TranscriptBuilder } from './helpers.ts';

after(cleanup);

const CORPUS = new URL('../../../../shared/corpus/transcripts/', import.meta.url).pathname;
/** The summarizer lists this many changed files by name and counts the rest. */

interface Summarized {
  readonly session: Session;
  readonly observations: Observation[];
}

async function importAndSummarize(root: string): Promise<Summarized[]> {
  const dir = tempDir('summaries');
  const store = SqliteStore.open({ path: join(dir, 'mnemo.db'), busyTimeoutMs: 5000 });
  try {
    await importClaudeCode(store, { root, limits: { maxInputChars: 2000, maxOutputChars: 4000 }, openWithinMs: 2 * 3600_000 });
    const out: Summarized[] = [];
    for (const session of await store.listSessions({ limit: 1000 })) out.push({ session, observations: await store.sessionObservations(session.id) });
    return out;
  } finally {
    await store.close();
  }
}

const norm = (s: string) => s.replace(/\s+/g, ' ').trim();

function relative(path: string, project: string): string {
  return path.startsWith(project + '/') ? path.slice(project.length + 1) : path;
}

/** Host text as this test knows it: wrapper tags, markers, compaction preambles, the local-command caveat. */
const HOST_RE = /^\s*(?:<[a-z]+[-_][a-z-_]*[\s>]|\[[^\]\n]+\]\s*$|This session is being continued|Caveat: The messages below)/;

function checkSummary({ session, observations }: Summarized, expectLanguage?: string, cutLines?: string[]): void {
  const label = `${session.externalId} (${session.project})`;
  const s = session.summary;
  assert.ok(s, `${label}: summarized`);
  assert.ok([...s.brief].length <= SUMMARY_LIMITS.brief, `${label}: brief ${s.brief.length} chars`);
  assert.ok([...s.detailed].length <= SUMMARY_LIMITS.detailed, `${label}: detailed ${s.detailed.length} chars`);
  if (expectLanguage) assert.equal(s.language, expectLanguage, label);
  const p = phrasesFor(s.language);
  for (const h of p.headings) {
    assert.ok(s.brief.includes(`## ${h}`), `${label}: brief has "${h}"`);
    assert.ok(s.detailed.includes(`## ${h}`), `${label}: detailed has "${h}"`);
  }
  // The user's first request, as they wrote it (its opening words, on one line): the first prompt
  // that is neither host text nor a word or two of acknowledgement.
  const first = observations.find((o) => o.type === 'prompt' && !o.private && !HOST_RE.test(o.body) && o.body.trim().split(/\s+/).length >= 5);
  if (first) {
    const opening = oneLine(first.body, 2000).slice(0, 30);
    const goal = norm(s.detailed.split(`## ${p.headings[1]}`)[0]!);
    assert.ok(goal.includes(opening), `${label}: the goal names the first request "${opening}"\n${s.detailed}`);
  }
  // Only what the session holds: every line is whole, no raw JSON dumped in.
  assert.ok(!/^- .*\{"/m.test(s.brief), `${label}: no raw JSON in the brief`);
  // The files the session changed, the most edited first: the detailed summary names as many as fit
  // its line (at least three) and counts the rest; the brief names the most edited one unless
  // commits (which come first) filled it.
  const edits = new Map<string, number>();
  // Claude Code's own plan files (~/.claude/plans) are the host's bookkeeping, not the project's changes.
  const hostPlan = (f: string) => /\/\.claude\/plans\/[^/]+$/.test(f) && !f.startsWith(`${session.project}/`);
  for (const o of observations) if (o.type === 'change') for (const f of o.files) if (!hostPlan(f)) edits.set(f, (edits.get(f) ?? 0) + 1);
  const base = (f: string) => f.slice(f.lastIndexOf('/') + 1);
  // A session that continues another is summarized with it: its own files are not the whole story.
  const continued = session.source === 'resume' || observations.some((o) => o.type === 'compact' || (o.type === 'prompt' && /^\s*This session is being continued/.test(o.body)));
  if (edits.size === 0 || continued) return;
  const line = s.detailed.split('\n').find((l) => l.startsWith(`- ${p.changedMost}: `)) ?? '';
  const named = [...edits.keys()].filter((f) => line.includes(base(f)));
  assert.ok(named.length >= Math.min(3, edits.size), `${label}: at least three changed files named\n${line}`);
  const most = Math.max(...edits.values());
  if (!s.brief.includes(`- ${p.commit}: `)) assert.ok([...edits].some(([f, n]) => n === most && s.brief.includes(base(f))), `${label}: the brief names a most edited file`);
  const rest = /\(\+(\d+) [^)]*\)$/.exec(line);
  if (rest) {
    assert.ok(Number(rest[1]) > 0 && Number(rest[1]) <= edits.size, `${label}: counts the files it could not name\n${line}`);
    cutLines?.push(`${label}: ${edits.size} files changed, ${rest[1]} counted`);
  } else assert.ok(named.length >= edits.size - 1, `${label}: every changed file named when none is counted\n${line}`);
}

test('summaries of the fixture sessions name the first request and the changed files, within limits, in English', async () => {
  const sessions = await importAndSummarize(FIXTURES);
  assert.equal(sessions.length, 11);
  const withFiles = sessions.filter((x) => x.observations.some((o) => o.type === 'change'));
  assert.ok(withFiles.length >= 6, 'most fixture sessions changed files');
  for (const x of sessions) checkSummary(x, 'en'); // no cut lines allowed here
  // The Python → Rust port changed 8 files.
  const port = sessions.find((x) => x.session.externalId === 'c7d3d95c-57f0-4359-8f4b-926a9bef5a3f')!;
  // Its changed files are named on the detailed line, none merely counted; the goal is its request.
  assert.match(port.session.summary!.detailed, /^- Changed most: (?=.*Cargo\.toml)(?=.*src\/lib\.rs)(?=.*Justfile)(?!.*\(\+).*$/m);
  assert.match(port.session.summary!.brief, /^- Port this Python project to Rust\. Create a standalone Rust library/m);
  assert.match(port.session.summary!.brief, /^- Commit: Port Python utility library to Rust$/m);
});

test('a session in Chinese is summarized in Chinese, with its request and files', async () => {
  const root = tempDir('zh');
  const project = '/home/dev/shop';
  const b = new TranscriptBuilder({ cwd: project })
    .prompt('结账接口在高负载下返回 5xx，连接池好像在泄漏。请修复 src/db/pool.ts 并加上重试。')
    .tool('toolu_zh_read', 'Read', { file_path: `${project}/src/db/pool.ts` }, { output: { type: 'text', file: { filePath: `${project}/src/db/pool.ts`, content: 'export function getConn(p) { return p.connect(); }\n' } } })
    .tool('toolu_zh_edit', 'Edit', { file_path: `${project}/src/db/pool.ts`, old_string: 'return p.connect();', new_string: 'return withRetry(() => p.connect());' }, {
      output: { filePath: `${project}/src/db/pool.ts`, oldString: 'return p.connect();', newString: 'return withRetry(() => p.connect());', structuredPatch: [{ oldStart: 1, oldLines: 1, newStart: 1, newLines: 1, lines: ['-return p.connect();', '+return withRetry(() => p.connect());'] }] },
    })
    .tool('toolu_zh_write', 'Write', { file_path: `${project}/src/db/retry.ts`, content: 'export async function withRetry(fn) { return fn(); }\n' }, { output: { type: 'create', filePath: `${project}/src/db/retry.ts`, content: 'export async function withRetry(fn) { return fn(); }\n' } })
    .tool('toolu_zh_test', 'Bash', { command: 'npm test -- checkout' }, { output: { stdout: 'Tests: 12 passed, 12 total', stderr: '', interrupted: false } })
    .text('已修复：连接在出错时被释放，并为获取连接加上了重试；结账测试全部通过。')
    .stopHooks()
    .prompt('好的，再检查一下日志里还有没有 ECONNRESET。')
    .text('日志里已经没有 ECONNRESET 了。');
  b.write(join(root, 'p', `${b.sessionId}.jsonl`));
  const [x] = await importAndSummarize(root);
  checkSummary(x!, 'zh');
  assert.match(x!.session.summary!.brief, /## 用户目标\n- 结账接口在高负载下返回 5xx/);
  assert.match(x!.session.summary!.brief, /改动最多: (?=.*src\/db\/pool\.ts)(?=.*src\/db\/retry\.ts)/);
  assert.match(x!.session.summary!.brief, /测试通过: `npm test -- checkout` → Tests: 12 passed, 12 total/);
});

test('summaries of every session in ../shared/corpus (when present)', { skip: !existsSync(CORPUS) && 'no ../shared/corpus here' }, async (t) => {
  const sessions = await importAndSummarize(CORPUS);
  assert.ok(sessions.length >= 19, `${sessions.length} sessions`);
  const cut: string[] = [];
  // The corpus holds English, Japanese and Korean sessions: each is checked in the language it was summarized in.
  for (const x of sessions) checkSummary(x, undefined, cut);
  for (const c of cut) t.diagnostic(`changed files counted, not named: ${c}`);
});
