/**
 * Every captured event of the corpus, one JSON line each: run it before and after a change to
 * capture or redaction and compare the files (they must be byte-identical). Not a test: it writes
 * the output of the code as it is, whatever that is.
 *
 *   node --import tsx bench/capture-dump.ts /tmp/capture-golden.jsonl
 *
 * Input: the real transcripts (../shared/corpus/transcripts) and the test fixtures' transcripts
 * through the importer, the hook payload samples, the secrets corpus and fake secrets planted in
 * every placement at several lengths (so cuts land on them), and seeded random texts built from
 * the detectors' hint words, separators and token shapes, given to `redactText` directly.
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { captureFromPayload } from '../src/capture/from-payload.ts';
import { redactText, redactValue } from '../src/core/privacy/redact.ts';
import { SubagentDirectory, transcriptEvents } from '../src/import/claude-code/transcript-events.ts';
import { findTranscripts } from '../src/import/claude-code/transcript-files.ts';
import { transcriptLines } from '../src/import/claude-code/transcript-lines.ts';
import { LOOKALIKES, plantings } from '../test/fixtures/secrets/corpus.ts';
import { FAKE } from '../test/unit/privacy/fake-secrets.ts';
import { ROOT } from './lib/report.ts';

const out = process.argv[2] ?? '/tmp/capture-dump.jsonl';
const lines: string[] = [];
const LIMIT_SETS = [
  { maxInputChars: 2000, maxOutputChars: 4000 },
  { maxInputChars: 300, maxOutputChars: 500 },
];

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

function capture(payload: unknown, tag: string, at = 0): void {
  for (const limits of LIMIT_SETS) {
    try {
      const warnings: string[] = [];
      const read = captureFromPayload(payload, { platform: 'claude-code', place: (ev) => ({ project: ev.cwd ?? '/' }), now: at, uid: tag, limits, warn: (m) => warnings.push(m) });
      const c = read.kind === 'event' ? read.captured : undefined;
      lines.push(JSON.stringify({ tag, limits: limits.maxOutputChars, c: c ?? null, warnings }));
    } catch (err) {
      lines.push(JSON.stringify({ tag, error: String(err) }));
    }
  }
}

// 1. Transcripts through the importer.
const corpus = [join(ROOT, '..', 'shared', 'corpus', 'transcripts'), join(ROOT, '..', '..', 'shared', 'corpus', 'transcripts')].find(isDir);
const cwd = process.cwd();
for (const root of [corpus, join(ROOT, 'test', 'fixtures', 'transcripts')]) {
  if (!root) continue;
  const stats = { entries: 0, malformed: 0, orphanResults: 0 };
  const counts = { lines: 0, skipped: 0, bytes: 0 };
  // Relative paths (they end up in ids): the same output from any checkout.
  process.chdir(root);
  for (const g of findTranscripts('.')) {
    const agents = new SubagentDirectory();
    for (const f of [...(g.main ? [g.main] : []), ...g.others]) {
      for (const e of transcriptEvents(transcriptLines(f.path, counts), { path: f.path, role: f.role, stats, agents, fileLabel: f.path })) {
        capture(e.payload, e.key, e.at);
      }
    }
  }
}
process.chdir(cwd);

// 2. Hook payload samples (JSON arrays or objects).
function jsonFiles(dir: string): string[] {
  if (!isDir(dir)) return [];
  return readdirSync(dir)
    .sort()
    .flatMap((n) => {
      const p = join(dir, n);
      return isDir(p) ? jsonFiles(p) : n.endsWith('.json') ? [p] : [];
    });
}
for (const f of [...jsonFiles(join(ROOT, '..', 'shared', 'corpus', 'hook-payloads')), ...jsonFiles(join(ROOT, '..', '..', 'shared', 'corpus', 'hook-payloads')), ...jsonFiles(join(ROOT, 'test', 'fixtures', 'hook-payloads'))]) {
  let data: unknown;
  try {
    data = JSON.parse(readFileSync(f, 'utf8'));
  } catch {
    continue;
  }
  const items = Array.isArray(data) ? data : [data];
  items.forEach((p, i) => capture(p, `${f.split('hook-payloads')[1]}#${i}`));
}

// 3. Secrets planted in every placement, at lengths that put them at the cuts.
const texts = [
  ...plantings().map((p) => p.text),
  ...LOOKALIKES.map((l) => l.value),
  ...Object.values(FAKE).flatMap((v) => [v, `token=${v}`, `export API_KEY=${v}`, `Authorization: Bearer ${v}`, `see ${v}...`, `url https://x.io/a?token=${v}&b=1`]),
];
const pads = [0, 1490, 1980, 3950, 7990, 15990];
let n = 0;
for (const t of texts) {
  for (const pad of pads) {
    const filler = 'lorem ipsum dolor sit amet '.repeat(Math.ceil(pad / 27)).slice(0, pad);
    const a = filler + t;
    const b = t + filler;
    const i = n++;
    capture({ hook_event_name: 'UserPromptSubmit', session_id: 's', prompt: a }, `p${i}`);
    capture({ hook_event_name: 'Stop', session_id: 's', last_assistant_message: b }, `s${i}`);
    capture({ hook_event_name: 'PostToolUse', session_id: 's', cwd: '/w', tool_name: 'Bash', tool_use_id: `b${i}`, tool_input: { command: a, description: 'x' }, tool_response: { stdout: b, stderr: a.slice(0, 50), interrupted: false } }, `b${i}`);
    capture({ hook_event_name: 'PostToolUse', session_id: 's', cwd: '/w', tool_name: 'Read', tool_use_id: `r${i}`, tool_input: { file_path: '/w/.env' }, tool_response: { type: 'text', file: { filePath: '/w/.env', content: b, numLines: 3, startLine: 1, totalLines: 3 } } }, `r${i}`);
    capture({ hook_event_name: 'PostToolUse', session_id: 's', cwd: '/w', tool_name: 'Edit', tool_use_id: `e${i}`, tool_input: { file_path: '/w/c.ts', old_string: 'x', new_string: a }, tool_response: { filePath: '/w/c.ts', oldString: 'x', newString: a, originalFile: b } }, `e${i}`);
    capture({ hook_event_name: 'PostToolUse', session_id: 's', cwd: '/w', tool_name: 'mcp__v__read', tool_use_id: `m${i}`, tool_input: { path: 'kv', note: t, [t.slice(0, 40)]: 'k' }, tool_response: { content: [{ type: 'text', text: b }] } }, `m${i}`);
    capture({ hook_event_name: 'PostToolUseFailure', session_id: 's', cwd: '/w', tool_name: 'Bash', tool_use_id: `f${i}`, tool_input: { command: './d.sh' }, error: `Exit code 1\n${b}` }, `f${i}`);
    capture({ hook_event_name: 'PreToolUse', session_id: 's', cwd: '/w', tool_name: 'Bash', tool_use_id: `q${i}`, tool_input: { command: a } }, `q${i}`);
    capture({ hook_event_name: 'PostCompact', session_id: 's', compact_summary: a }, `c${i}`);
  }
}

// 4. Seeded random texts from the detectors' vocabulary, redacted directly (text and value).
let seed = 0x9e3779b9;
const rnd = (k: number): number => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) % k;
};
const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const run = (len: number, alphabet = ALNUM): string => Array.from({ length: len }, () => alphabet[rnd(alphabet.length)]).join('');
const WORDS = [
  'password', 'PASSWORD', 'Passwd', 'pwd', 'secret', 'SECRET', 'token', 'Token', 'TOKEN', 'key', 'Key', 'KEY', 'api', 'API_', 'auth', 'Auth',
  'AUTH', 'oauth', 'OAuth', 'credential', 'Credentials', 'cookie', 'Cookie', 'bearer', 'Bearer ', 'pat', 'PAT', 'pass', 'Pass', 'access_', 'private',
  'public', 'max_tokens', 'tokenizer', 'author', 'X-Api-Key', 'Authorization', 'field', 'Name', '_', '-', '.', '--', 'export ', 'set ', '  ',
  '=', ': ', ':=', '==', '=>', ' = ', '"', "'", '`', '\n', '\r\n', '\t', ' ', ',', ';', '&', '?', '/', '://', '@', '(', ')', '{', '}', '[', ']', '<private>',
  '</private>', '…', '...', 'sk-', 'sk-ant-', 'sk-proj-', 'ghp_', 'github_pat_', 'glpat-', 'xoxb-', 'AKIA', 'AIza', 'ya29.', 'eyJ', 'npm_', 'hf_',
  'SK', 'SG.', 'key-', '-us', ':AA', 'Q~', '.atlasv1.', 'dapi', 'secret_', 'whsec_', 'sk_live_', 'https://', 'postgres://user:', '?token=', '&sig=',
  '&code=', ';api_key=', '-----BEGIN RSA PRIVATE KEY-----', '-----END RSA PRIVATE KEY-----', '${TOKEN}', '<your-key>', 'changeme', 'string', 'getToken()',
  '[REDACTED:token:abc123]', 'é', '日本', '\u2028', '\\n', 'BEGIN ', '\u00a0', '\ufeff', '\u3000', '\v', '\f', 'İ', '\u212a', 'ſ',
  '<PRIVATE>', '</Private >', '<private a="1">', 'TODO', 'FIXME:', '// NOTE ', 'export ', 'function ', '  12→', '\r', 'Error: ', 'Exit code 1', 'hooks.slack.com/services/', 'GOCSPX-', 'pypi-AgE', '1//0', 'ATATT3', 'Basic ',
];
const pieces = (): string => {
  const r = rnd(10);
  if (r < 6) return WORDS[rnd(WORDS.length)]!;
  if (r < 8) return run(1 + rnd(48));
  if (r < 9) return run(8 + rnd(80), ALNUM + '-_./+=~');
  return run(16 + rnd(64), '0123456789abcdef');
};
for (let i = 0; i < 40_000; i++) {
  const parts = 1 + rnd(i % 10 === 0 ? 400 : 40);
  let t = '';
  for (let k = 0; k < parts; k++) t += pieces();
  lines.push(JSON.stringify({ fuzz: i, out: redactText(t) }));
  if (i % 8 === 0) {
    capture({ hook_event_name: 'PostToolUse', session_id: 's', cwd: '/w', tool_name: 'Read', tool_use_id: `fr${i}`, tool_input: { file_path: '/w/a.ts' }, tool_response: { type: 'text', file: { filePath: '/w/a.ts', content: t, numLines: 3, startLine: 1, totalLines: 3 } } }, `fr${i}`);
    capture({ hook_event_name: 'PostToolUse', session_id: 's', cwd: '/w', tool_name: 'Bash', tool_use_id: `fb${i}`, tool_input: { command: t.slice(0, 300) }, tool_response: { stdout: t, stderr: '', interrupted: false } }, `fb${i}`);
  }
  if (i % 8 === 4) capture({ hook_event_name: 'PostToolUseFailure', session_id: 's', cwd: '/w', tool_name: pieces(), tool_use_id: `ff${i}`, tool_input: { [pieces()]: t }, error: t }, `ff${i}`);
  if (i % 4 === 0) lines.push(JSON.stringify({ fuzzValue: i, out: redactValue({ [pieces()]: t, [t.slice(0, 30)]: pieces(), list: [t, { name: pieces(), value: pieces() }], n: rnd(1e6) }) }));
}

// 5. Names longer than the 80 characters a secret word's name is followed for, where a later search
// starts inside a word: `keykeykey…=`, long dotted and upper-case runs.
const SECRET_WORDS = ['key', 'token', 'pass', 'PASSWORD', 'Secret', 'credential', 'cookie', 'bearer', 'auth', 'pwd', 'pat', 'PAT'];
const long: string[] = [];
for (const n of [20, 27, 28, 29, 30, 100, 400]) long.push(`${'key'.repeat(n)}=abc123def456ghi`, `export ${'PASSWORD'.repeat(Math.ceil(n / 3))}="hunter2xyz"\n`);
long.push(`${'x'.repeat(78)}tokenpassword=Zx9aa1bb2cc`, `${'a.'.repeat(50)}secret_key=${'A1b2'.repeat(5)}`, `${'a'.repeat(79)}bearertoken= x9Y8z7W6v5`);
for (let i = 0; i < 3000; i++) {
  let t = '';
  const parts = 1 + rnd(12);
  for (let k = 0; k < parts; k++) {
    let name = '';
    while (name.length < 60 + rnd(50)) name += rnd(3) === 0 ? SECRET_WORDS[rnd(SECRET_WORDS.length)]! : run(1 + rnd(6), 'abcXYZ_.-0');
    t += `${name}${[' = ', '=', ': ', '="', ' '][rnd(5)]}${run(6 + rnd(30))}${['\n', ' ', '"\n', ';'][rnd(4)]}`;
  }
  long.push(t);
}
for (const [i, t] of long.entries()) {
  lines.push(JSON.stringify({ longName: i, out: redactText(t) }));
  capture({ hook_event_name: 'PostToolUse', session_id: 's', cwd: '/w', tool_name: 'Bash', tool_use_id: `ln${i}`, tool_input: { command: t.slice(0, 500) }, tool_response: { stdout: t, stderr: '', interrupted: false } }, `ln${i}`);
}

// 6. Shapes the clipping bounds: `__proto__` keys (own properties, as JSON.parse makes them), more
// than 200 items or keys, nesting past 32 levels, private blocks and secrets at every depth.
let deep: unknown = { token: 'ghp_' + run(36), note: 'x <private>p</private> y' };
for (let d = 0; d < 40; d++) deep = d % 2 ? [deep, `level ${d} <private>q</private>`] : { [`k${d}`]: deep, password: `Pw${d}-${run(10)}` };
const shapes: unknown[] = [
  JSON.parse('{"__proto__": {"name": "DB_PASSWORD", "x": "<private>a</private>"}, "value": "hunter2-Secret9", "cmd": "ls"}'),
  JSON.parse('{"a": {"__proto__": "str <private>b</private>", "name": "API_KEY", "value": "zzKx81-abcdEFGH"}}'),
  JSON.parse('{"__proto__": null, "password": "p4ss-W0rd-x"}'),
  { list: Array.from({ length: 260 }, (_, i) => (i % 7 ? `item ${i}` : `token=${run(24)}`)) },
  Object.fromEntries(Array.from({ length: 230 }, (_, i) => [i % 11 ? `key${i}` : `secret_${i}`, i % 3 ? run(20) : `<private>${i}</private>`])),
  { deep },
];
for (const [i, input] of shapes.entries()) {
  capture({ hook_event_name: 'PostToolUse', session_id: 's', cwd: '/w', tool_name: 'mcp__x__y', tool_use_id: `sh${i}`, tool_input: input, tool_response: input }, `sh${i}`);
  capture({ hook_event_name: 'PreToolUse', session_id: 's', cwd: '/w', tool_name: 'mcp__x__y', tool_use_id: `shp${i}`, tool_input: input }, `shp${i}`);
}

writeFileSync(out, lines.join('\n') + '\n');
console.log(`${lines.length} lines → ${out}`);
