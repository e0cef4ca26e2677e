/**
 * A big, realistic store for the viewer's scale check (test-only). Sessions across 24 projects and
 * three assistants over the last 180 days: prompts, reads, edits, commands, failures and their fixes,
 * conclusions, a few decisions; about a fifth in Chinese; bodies of 100–2,500 characters. Built as
 * `CapturedEvent`s with their tool calls and stored through `Store.ingest`, so extraction, the
 * full-text index and the events table are filled exactly as the spool drain fills them.
 */
import type { CapturedEvent, ObsType, Kind } from '../../src/core/types.ts';
import { SqliteStore } from '../../src/store/sqlite/sqlite-store.ts';
// The benchmarks' seeded PRNG (mulberry32): the same seed gives the same store.
import { rng } from '../../bench/lib/stats.ts';

const WORDS = ('connection pool timeout retry cache query index migration schema session token auth handler middleware queue worker ' +
  'latency leak memory lock transaction checkout payment order invoice webhook stream buffer socket parser render router build deploy ' +
  'release config env flag feature test fixture mock assertion coverage flaky benchmark profile trace span metric alert backoff jitter').split(' ');
const ZH = '连接池 超时 重试 缓存 查询 索引 迁移 会话 令牌 认证 队列 内存 泄漏 事务 订单 支付 发布 配置 测试 性能 日志 并发'.split(' ');
const DIRS = ['src/db', 'src/api', 'src/auth', 'src/queue', 'src/ui', 'src/lib', 'test', 'scripts', 'src/billing', 'src/search'];
const NAMES = ['pool', 'retry', 'client', 'server', 'router', 'handler', 'session', 'token', 'cache', 'index', 'worker', 'schema', 'config', 'logger'];
const PROJECTS = Array.from({ length: 24 }, (_, i) => `/home/dev/code/${['shop', 'billing', 'search', 'infra', 'mobile', 'docs', 'ml', 'auth'][i % 8]}-${Math.floor(i / 8) + 1}`);
const PLATFORMS = ['claude-code', 'claude-code', 'claude-code', 'codex', 'gemini'];

export interface BigStoreOptions {
  readonly path: string;
  readonly observations: number;
  readonly seed?: number;
  readonly endAt?: number;
  readonly spanDays?: number;
  readonly progress?: (done: number) => void;
}

/** Fill `path` with about `observations` observations. Returns how many were stored and sessions made. */
export async function seedBigStore(opts: BigStoreOptions): Promise<{ observations: number; sessions: number }> {
  const r = rng(opts.seed ?? 7);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const int = (lo: number, hi: number) => lo + Math.floor(r() * (hi - lo + 1));
  const words = (n: number, zh: boolean) => Array.from({ length: n }, () => (zh && r() < 0.6 ? pick(ZH) : pick(WORDS))).join(zh ? '' : ' ');
  const body = (n: number, zh: boolean) => {
    let s = '';
    while (s.length < n) s += words(int(6, 14), zh) + (zh ? '。\n' : '.\n');
    return s;
  };
  const endAt = opts.endAt ?? Date.now();
  const span = (opts.spanDays ?? 180) * 86_400_000;
  const store = SqliteStore.open({ path: opts.path, busyTimeoutMs: 5000 });
  let stored = 0;
  let sessions = 0;
  let uid = 0;
  try {
    while (stored < opts.observations) {
      const n = Math.min(opts.observations - stored, int(150, 700));
      const project = PROJECTS[Math.min(PROJECTS.length - 1, Math.floor(Math.pow(r(), 1.6) * PROJECTS.length))]!;
      const platform = pick(PLATFORMS);
      const zh = r() < 0.2;
      const ext = `big-${sessions}`;
      const start = endAt - span + Math.floor((stored / opts.observations) * span);
      let at = start;
      const base = { platform, externalSessionId: ext, place: { project, branch: pick(['main', 'fix/pool-leak', 'feat/search']) } };
      const batch: CapturedEvent[] = [{ uid: `u${uid++}`, at, event: 'SessionStart', ...base, session: { source: 'startup' } }];
      for (let i = 0; i < n; i++) {
        at += int(2_000, 40_000);
        const file = `${project}/${pick(DIRS)}/${pick(NAMES)}.ts`;
        const rel = file.slice(project.length + 1);
        const x = r();
        let type: ObsType;
        let kind: Kind = 'tool';
        let title: string;
        let toolName: string | undefined;
        let call: CapturedEvent['call'];
        let files: string[] = [];
        if (i === 0 || x < 0.08) {
          (type = 'prompt'), (kind = 'user'), (title = words(int(5, 16), zh));
        } else if (x < 0.4) {
          (type = 'discovery'), (toolName = 'Read'), (title = `Read ${rel} (${int(10, 900)} lines)`), (files = [file]);
          call = { toolName, input: { file_path: file }, response: { type: 'text', file: { filePath: file, content: 'x', numLines: 1 } }, phase: 'post' };
        } else if (x < 0.62) {
          const a = int(1, 40);
          (type = 'change'), (toolName = 'Edit'), (title = `Edited ${rel} (+${a} −${int(0, a)})`), (files = [file]);
          call = { toolName, input: { file_path: file, old_string: words(3, false), new_string: words(4, false) }, response: { filePath: file }, phase: 'post' };
        } else if (x < 0.82) {
          const cmd = pick(['npm test', 'npm run build', 'git status', 'npx tsc --noEmit', 'git diff', `node scripts/${pick(NAMES)}.mjs`]);
          (type = 'command'), (toolName = 'Bash'), (title = `Ran \`${cmd}\` → ${pick(['ok', 'Tests: 42 passed', 'exit 0', 'nothing to commit'])}`);
          call = { toolName, input: { command: cmd }, response: { stdout: body(60, false), stderr: '', interrupted: false }, phase: 'post' };
        } else if (x < 0.9) {
          const cmd = pick(['npm test', 'npm run build', 'npx tsc --noEmit']);
          (type = 'error'), (kind = 'error'), (toolName = 'Bash'), (title = `Failed: Ran \`${cmd}\` — Error: ${words(3, zh)}`);
          call = { toolName, input: { command: cmd }, error: `Exit code 1\nError: ${words(5, false)}`, failed: true, phase: 'post' };
        } else if (x < 0.97) {
          (type = 'conclusion'), (kind = 'note'), (title = words(int(8, 18), zh));
        } else {
          (type = 'decision'), (kind = 'decision'), (title = `Decided: ${words(int(5, 10), zh)}`);
        }
        const text = body(int(100, r() < 0.1 ? 2500 : 700), zh);
        batch.push({
          uid: `u${uid++}`,
          at,
          event: type === 'prompt' ? 'UserPromptSubmit' : type === 'conclusion' ? 'Stop' : 'PostToolUse',
          ...base,
          ...(toolName ? { dedupeKey: `post:tu-${uid}` } : {}),
          observation: { kind, type, title, body: text, files, private: false, ...(toolName ? { toolName, toolUseId: `tu-${uid}` } : {}) },
          ...(call ? { call } : {}),
        });
      }
      batch.push({ uid: `u${uid++}`, at: at + 1000, event: 'SessionEnd', ...base, session: { endReason: 'prompt_input_exit' } });
      for (let i = 0; i < batch.length; i += 500) await store.ingest(batch.slice(i, i + 500));
      stored += n;
      sessions++;
      opts.progress?.(stored);
    }
  } finally {
    await store.close();
  }
  return { observations: stored, sessions };
}
