/**
 * @module bench/lib/hook-payloads
 * Hook payloads shaped like Claude Code 2.x sends them (field names from ../shared/corpus/hook-payloads),
 * shared by the hook benches (wall time and instruction counts). Deterministic: seeded ids.
 */
import { join } from 'node:path';
import { rng } from './stats.ts';

const random = rng(42);
const hex = (n: number) => Array.from({ length: n }, () => Math.floor(random() * 16).toString(16)).join('');
const sessionId = () => `${hex(8)}-${hex(4)}-${hex(4)}-${hex(4)}-${hex(12)}`;
const toolUseId = () => `toolu_01${hex(22)}`;

function sourceFile(lines: number): string {
  const out: string[] = ["import { createPool, type Pool } from './driver';", "import { logger } from '../utils/logger';", ''];
  for (let i = 0; out.length < lines; i++) {
    out.push(
      `/** Acquire a connection for shard ${i}, retrying with backoff when the pool is exhausted. */`,
      `export async function acquireConnection${i}(pool: Pool, opts: { timeoutMs: number; retries: number }): Promise<Connection> {`,
      `  for (let attempt = 0; attempt <= opts.retries; attempt++) {`,
      `    const conn = await pool.tryAcquire(opts.timeoutMs);`,
      `    if (conn) return conn;`,
      `    logger.warn('pool exhausted', { shard: ${i}, attempt, waiting: pool.waiting });`,
      `    await sleep(Math.min(1000, 50 * 2 ** attempt));`,
      `  }`,
      `  throw new PoolTimeoutError(\`no connection after \${opts.retries} retries\`);`,
      `}`,
      '',
    );
  }
  return out.join('\n');
}

function testOutput(lines: number): string {
  const out = ['', '> atlas-api@2.4.1 test', '> vitest run', '', ' RUN  v4.1.12 /home/dev/code/atlas-api', ''];
  for (let i = 0; out.length < lines; i++) {
    out.push(` ✓ src/db/pool.test.ts > acquireConnection > returns a pooled client under load #${i} ${10 + (i % 90)}ms`);
    if (i % 9 === 8) out.push(` × src/db/pool.test.ts > acquireConnection > times out when the pool is exhausted #${i}`, '   → expected 500 to be less than 300');
  }
  out.push('', ' Test Files  1 failed | 23 passed (24)', '      Tests  3 failed | 311 passed (314)', '   Duration  4.21s');
  return out.join('\n');
}

export interface Ctx {
  readonly cwd: string;
}

const common = (ctx: Ctx, event: string, sid = sessionId()) => ({
  session_id: sid,
  transcript_path: `/home/dev/.claude/projects/-home-dev-code-atlas-api/${sid}.jsonl`,
  cwd: ctx.cwd,
  permission_mode: 'default',
  hook_event_name: event,
});

const ORIGINAL = sourceFile(320);
const BIG_FILE = sourceFile(2000);
const OLD = '    const conn = await pool.tryAcquire(opts.timeoutMs);\n    if (conn) return conn;';
const NEW = '    const conn = await pool.tryAcquire(Math.max(50, opts.timeoutMs - elapsed()));\n    if (conn) {\n      metrics.poolWait.observe(elapsed());\n      return conn;\n    }';

export const PAYLOADS = {
  edit: (ctx: Ctx) => {
    const file = join(ctx.cwd, 'src/db/pool.ts');
    return {
      ...common(ctx, 'PostToolUse'),
      tool_name: 'Edit',
      tool_input: { file_path: file, old_string: OLD, new_string: NEW, replace_all: false },
      tool_response: {
        filePath: file,
        oldString: OLD,
        newString: NEW,
        originalFile: ORIGINAL,
        structuredPatch: [{ oldStart: 16, oldLines: 5, newStart: 16, newLines: 8, lines: [' ', ...OLD.split('\n').map((l) => `-${l}`), ...NEW.split('\n').map((l) => `+${l}`), ' '] }],
        userModified: false,
        replaceAll: false,
      },
      tool_use_id: toolUseId(),
    };
  },
  bash: (ctx: Ctx) => ({
    ...common(ctx, 'PostToolUse'),
    tool_name: 'Bash',
    tool_input: { command: 'npm test -- src/db/pool.test.ts', description: 'Run the pool tests' },
    tool_response: { stdout: testOutput(120), stderr: '', interrupted: false, isImage: false, noOutputExpected: false },
    tool_use_id: toolUseId(),
  }),
  /** A large output: Read of a 2,000-line file (Read's default line limit), ~100 KB of content. */
  read: (ctx: Ctx) => {
    const file = join(ctx.cwd, 'src/db/pool-shards.ts');
    const content = BIG_FILE.split('\n')
      .slice(0, 2000)
      .map((l, i) => `${String(i + 1).padStart(6)}\u2192${l}`)
      .join('\n');
    return {
      ...common(ctx, 'PostToolUse'),
      tool_name: 'Read',
      tool_input: { file_path: file },
      tool_response: { type: 'text', file: { filePath: file, content, numLines: 2000, startLine: 1, totalLines: 2000 } },
      tool_use_id: toolUseId(),
    };
  },
  prompt: (ctx: Ctx) => ({
    ...common(ctx, 'UserPromptSubmit'),
    prompt:
      'The pool tests fail again under load: acquireConnection times out after 300 ms even though the pool has idle clients. ' +
      'Look at src/db/pool.ts and the retry loop, find out why waiting clients are not woken up, and fix it without changing the public API. ' +
      '连接池在高并发下超时，请一并检查重试逻辑。',
  }),
  pre: (ctx: Ctx) => ({
    ...common(ctx, 'PreToolUse'),
    tool_name: 'Bash',
    tool_input: { command: 'npm test -- src/db/pool.test.ts', description: 'Run the pool tests' },
    tool_use_id: toolUseId(),
  }),
  stop: (ctx: Ctx) => ({
    ...common(ctx, 'Stop'),
    stop_hook_active: false,
    last_assistant_message:
      'Fixed the timeout in `src/db/pool.ts`. Waiting callers were queued but `release()` only woke them when the pool shrank, ' +
      'so under load a freed client sat idle until the next acquire. `release()` now hands the client straight to the oldest waiter, ' +
      'and `acquireConnection` subtracts the time already spent waiting from its timeout on each retry.\n\n' +
      '- `src/db/pool.ts`: hand-off in `release()`, elapsed-aware retry loop, a `poolWait` histogram.\n' +
      '- `src/db/pool.test.ts`: a regression test with 50 concurrent callers and a pool of 5.\n\n' +
      'All 314 tests pass (`npm test`). The remaining risk is the shutdown path: `drain()` still rejects waiters without a reason; ' +
      'I left it unchanged because it is covered by a separate issue.',
  }),
  start: (ctx: Ctx) => ({ ...common(ctx, 'SessionStart'), source: 'startup', model: 'claude-sonnet-4-5' }),
  end: (ctx: Ctx) => ({ ...common(ctx, 'SessionEnd'), reason: 'prompt_input_exit' }),
};

