/**
 * @module eval/locomo
 * LoCoMo (Maharana et al., ACL 2024: ten long two-person conversations, questions labelled with the
 * dialogue turns that answer them) as a held-out retrieval check: no ranking choice in mnemo was ever
 * tuned on it. The data is CC BY-NC 4.0 and is never committed; the harness reads `locomo10.json`
 * from the path given (`MNEMO_LOCOMO`).
 *
 * Feeding, as a coding assistant's hooks would see a chat: one Claude Code session per LoCoMo session
 * — SessionStart (source `startup`), every dialogue turn as a UserPromptSubmit prompt
 * (`Caroline: …`, a shared photo as `[shares <its caption>]`), then Stop and SessionEnd — each
 * payload sent to the command `plugin/hooks/hooks.json` registers for it, one process per hook, in
 * order. The hook processes' clock is set to the session's date (eval/locomo-clock.cjs), so the
 * records carry the dates the conversation had; nothing of the date is added to the text.
 *
 * Mapping back: the capture pipeline is pure, so each turn's expected observation (title and body) is
 * computed in-process from the same payload; within a session the stored observations and the turns
 * come in the same order, and each turn takes the next stored observation with its text. No dia_id,
 * marker or question text is ever stored: the search sees only what the speakers said.
 *
 * Asking: every question with evidence, through `mnemo search --json` (the CLI's `runCli`, in-process,
 * default limit 20) from a folder that is none of the conversations' (eval/recall's `searchIds`) — in
 * the default configuration, with `MNEMO_EMBEDDER=hash` (hybrid, after `mnemo embed`), and as plain
 * SQLite FTS5 over the same stored text (eval/baseline). A hit at k: an observation holding an
 * evidence turn among the first k.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { captureEvent } from '../src/core/capture.ts';
import { parseClaudeCode } from '../src/platforms/claude-code.ts';
import type { SqliteDb } from '../src/store/sqlite/driver.ts';
import { buildBaseline } from './baseline.ts';
import { matches, pluginHooks, PLUGIN_ROOT, runHook } from './hook-replay.ts';
import { firstRank } from './metrics.ts';
import { cleanEnv, cli, searchIds } from './recall.ts';

const HERE = dirname(fileURLToPath(import.meta.url));
export const CLOCK_SHIM = join(HERE, 'locomo-clock.cjs');

/** LoCoMo's category numbers, named as the released data uses them (the paper's order differs). */
export const CATEGORY_NAMES: Readonly<Record<number, string>> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
  5: 'adversarial',
};

export interface LocomoTurn {
  readonly speaker: string;
  readonly diaId: string;
  readonly text: string;
  readonly caption?: string;
}

export interface LocomoSession {
  /** LoCoMo's session number (1…). */
  readonly n: number;
  /** As written in the data, e.g. `1:56 pm on 8 May, 2023`. */
  readonly dateText: string;
  /** The same in ms since the epoch (read as UTC). */
  readonly at: number;
  readonly turns: readonly LocomoTurn[];
}

export interface LocomoQuestion {
  readonly conversation: string;
  /** Position in the conversation's `qa` list. */
  readonly index: number;
  readonly question: string;
  readonly category: number;
  /** Evidence dia_ids, normalised (`D8:6; D9:17` split, stray spaces and zero padding removed). */
  readonly evidence: readonly string[];
}

export interface LocomoConversation {
  readonly id: string;
  readonly speakers: readonly string[];
  readonly sessions: readonly LocomoSession[];
  readonly questions: readonly LocomoQuestion[];
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** `1:56 pm on 8 May, 2023` → ms since the epoch (UTC). Throws on anything else. */
export function parseSessionDate(text: string): number {
  const m = /^\s*(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})\s*$/i.exec(text);
  const month = m ? MONTHS.indexOf(m[5]!.toLowerCase()) : -1;
  if (!m || month < 0) throw new Error(`unreadable LoCoMo session date: ${JSON.stringify(text)}`);
  const hour = (Number(m[1]) % 12) + (m[3]!.toLowerCase() === 'pm' ? 12 : 0);
  return Date.UTC(Number(m[6]), month, Number(m[4]), hour, Number(m[2]));
}

/** Evidence entries as written (`D8:6; D9:17`, `D:11:26`, `D30:05`) → dia_ids as the turns name them. */
export function normaliseEvidence(raw: unknown): string[] {
  const list = Array.isArray(raw) ? raw : [];
  const out: string[] = [];
  for (const e of list) {
    if (typeof e !== 'string') continue;
    for (const m of e.matchAll(/D\s*:?\s*(\d+)\s*:\s*(\d+)/g)) out.push(`D${Number(m[1])}:${Number(m[2])}`);
  }
  return [...new Set(out)];
}

/** What the speaker "types": `Caroline: …`, a shared photo by its caption. */
export function promptOf(turn: LocomoTurn): string {
  return `${turn.speaker}: ${turn.text}${turn.caption ? ` [shares ${turn.caption}]` : ''}`;
}

type Rec = Record<string, unknown>;

/** Read `locomo10.json` (a list of samples: `sample_id`, `conversation`, `qa`). */
export function loadLocomo(path: string): LocomoConversation[] {
  const samples = JSON.parse(readFileSync(path, 'utf8')) as Rec[];
  if (!Array.isArray(samples)) throw new Error(`${path}: expected a list of LoCoMo samples`);
  return samples.map((s, i) => {
    const id = typeof s.sample_id === 'string' ? s.sample_id : `conv-${i + 1}`;
    const c = s.conversation as Rec;
    const sessions: LocomoSession[] = [];
    for (const key of Object.keys(c)) {
      const m = /^session_(\d+)$/.exec(key);
      if (!m || !Array.isArray(c[key]) || (c[key] as unknown[]).length === 0) continue;
      const n = Number(m[1]);
      const dateText = String(c[`session_${n}_date_time`] ?? '');
      const turns = (c[key] as Rec[]).map((t) => ({
        speaker: String(t.speaker),
        diaId: normaliseEvidence([String(t.dia_id)])[0] ?? String(t.dia_id),
        text: String(t.text ?? ''),
        ...(typeof t.blip_caption === 'string' && t.blip_caption.trim() ? { caption: t.blip_caption.trim() } : {}),
      }));
      sessions.push({ n, dateText, at: parseSessionDate(dateText), turns });
    }
    sessions.sort((a, b) => a.n - b.n);
    const questions = ((s.qa as Rec[]) ?? []).map((q, index) => ({
      conversation: id,
      index,
      question: String(q.question ?? ''),
      category: Number(q.category),
      evidence: normaliseEvidence(q.evidence),
    }));
    return { id, speakers: [String(c.speaker_a), String(c.speaker_b)], sessions, questions };
  });
}

/** The folder a conversation's hooks report as their `cwd`: outside any git repository, its own project. */
export function conversationCwd(root: string, conversation: string): string {
  const dir = join(root, 'projects', conversation);
  mkdirSync(dir, { recursive: true });
  return dir;
}

// ---------------------------------------------------------------------------------------------
// Feeding through the plugin's hooks

/** One LoCoMo session as fed: the Claude Code session id it got and its turns' dia_ids, in order. */
export interface FedSession {
  readonly conversation: string;
  readonly n: number;
  readonly sessionId: string;
  readonly cwd: string;
  readonly diaIds: readonly string[];
  readonly prompts: readonly string[];
}

export interface FeedReport {
  readonly sessions: readonly FedSession[];
  readonly hooks: number;
  readonly failures: readonly string[];
  readonly ms: number;
}

/** The payloads Claude Code sends for one LoCoMo session, in order. */
export function sessionPayloads(session: LocomoSession, sessionId: string, cwd: string): Rec[] {
  const base = { session_id: sessionId, cwd };
  return [
    { ...base, hook_event_name: 'SessionStart', source: 'startup' },
    ...session.turns.map((t) => ({ ...base, hook_event_name: 'UserPromptSubmit', permission_mode: 'default', prompt: promptOf(t) })),
    { ...base, hook_event_name: 'Stop', stop_hook_active: false },
    { ...base, hook_event_name: 'SessionEnd', reason: 'prompt_input_exit' },
  ];
}

/**
 * Feed conversations through the plugin's hook processes, each into the data directory `dataDirOf`
 * names for it; `concurrency` conversations at once (as several terminals would), each strictly in
 * order, one hook process at a time. `limitTurns` stops after that many turns per conversation (timing).
 */
export async function feedThroughHooks(
  conversations: readonly LocomoConversation[],
  dataDirOf: (conversation: string) => string,
  cwdRoot: string,
  opts: { concurrency?: number; pluginRoot?: string; log?: (l: string) => void; limitTurns?: number } = {},
): Promise<FeedReport> {
  const started = performance.now();
  const root = opts.pluginRoot ?? PLUGIN_ROOT;
  const hooks = pluginHooks(root);
  const fed: FedSession[][] = conversations.map(() => []);
  const failures: string[] = [];
  let ran = 0;
  let next = 0;
  const worker = async () => {
    for (let c = next++; c < conversations.length; c = next++) {
      const conv = conversations[c]!;
      const dataDir = dataDirOf(conv.id);
      const cwd = conversationCwd(cwdRoot, conv.id);
      let turnsLeft = opts.limitTurns ?? Infinity;
      for (const session of conv.sessions) {
        if (turnsLeft <= 0) break;
        const s = turnsLeft < session.turns.length ? { ...session, turns: session.turns.slice(0, turnsLeft) } : session;
        turnsLeft -= s.turns.length;
        const sessionId = randomUUID();
        const env: NodeJS.ProcessEnv = {
          ...cleanEnv(dataDir),
          // The hooks' clock reads the session's date from its first event on.
          MNEMO_EVAL_CLOCK_OFFSET_MS: String(s.at - Date.now()),
          NODE_OPTIONS: [process.env.NODE_OPTIONS, `--require=${CLOCK_SHIM}`].filter(Boolean).join(' '),
        };
        // This machine's extra CA bundle costs every node start ~85 ms, and hooks make no TLS connection.
        delete env.NODE_EXTRA_CA_CERTS;
        for (const p of sessionPayloads(s, sessionId, cwd)) {
          const hook = p.hook_event_name as string;
          const target = hook === 'SessionStart' ? String(p.source) : '';
          const json = JSON.stringify(p);
          for (const command of (hooks.get(hook) ?? []).filter((h) => matches(h.matcher, target))) {
            const failure = await runHook(command, json, env, root);
            ran++;
            if (failure) failures.push(`${conv.id} session ${s.n} ${hook}: ${failure}`);
          }
        }
        fed[c]!.push({ conversation: conv.id, n: s.n, sessionId, cwd, diaIds: s.turns.map((t) => t.diaId), prompts: s.turns.map(promptOf) });
      }
      opts.log?.(`locomo: fed ${conv.id} (${fed[c]!.length} sessions), ${ran} hook runs so far, ${Math.round((performance.now() - started) / 1000)} s`);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, opts.concurrency ?? 1) }, worker));
  return { sessions: fed.flat(), hooks: ran, failures, ms: performance.now() - started };
}

// ---------------------------------------------------------------------------------------------
// Mapping stored observations back to dia_ids

/** The observation the capture pipeline makes of a prompt (the hooks run the same pure code). */
function expectedObservation(prompt: string, sessionId: string, cwd: string): { title: string; body: string } | undefined {
  const ev = parseClaudeCode(undefined, { session_id: sessionId, cwd, hook_event_name: 'UserPromptSubmit', prompt });
  const o = captureEvent(ev, { place: { project: cwd }, now: 0, uid: 'eval', limits: { maxInputChars: 2000, maxOutputChars: 4000 } })?.observation;
  return o ? { title: o.title, body: o.body } : undefined;
}

export interface DiaIndex {
  /** `<conversation>/<dia_id>` → the observation ids holding that turn. */
  readonly byDia: ReadonlyMap<string, number[]>;
  /** observation id → `<conversation>/<dia_id>` (for reading misses). */
  readonly diaOf: ReadonlyMap<number, string>;
  /** Turns fed whose observation was not found (a duplicate merged, a private prompt…). */
  readonly unmatched: readonly string[];
  /** Observations stored in the fed sessions that no turn claimed. */
  readonly extra: number;
}

export const diaKey = (conversation: string, diaId: string) => `${conversation}/${diaId}`;

/**
 * Within each fed session, turns and the session's stored observations come in the same order; each
 * turn takes the next stored observation with its expected title and body.
 */
export function indexDia(db: SqliteDb, sessions: readonly FedSession[]): DiaIndex {
  const rows = db
    .prepare('SELECT o.id, o.title, o.body, s.external_id FROM observations o JOIN sessions s ON s.id = o.session_id ORDER BY o.created_at, o.id')
    .all() as { id: number; title: string; body: string; external_id: string }[];
  const bySession = new Map<string, typeof rows>();
  for (const r of rows) bySession.set(r.external_id, [...(bySession.get(r.external_id) ?? []), r]);
  const byDia = new Map<string, number[]>();
  const diaOf = new Map<number, string>();
  const unmatched: string[] = [];
  let claimed = 0;
  let total = 0;
  for (const s of sessions) {
    const stored = bySession.get(s.sessionId) ?? [];
    total += stored.length;
    let j = 0;
    s.prompts.forEach((prompt, i) => {
      const key = diaKey(s.conversation, s.diaIds[i]!);
      const want = expectedObservation(prompt, s.sessionId, s.cwd);
      let k = j;
      while (want && k < stored.length && (stored[k]!.title !== want.title || stored[k]!.body !== want.body)) k++;
      if (!want || k >= stored.length) {
        unmatched.push(key);
        return;
      }
      byDia.set(key, [...(byDia.get(key) ?? []), stored[k]!.id]);
      diaOf.set(stored[k]!.id, key);
      claimed++;
      j = k + 1;
    });
  }
  return { byDia, diaOf, unmatched, extra: total - claimed };
}

// ---------------------------------------------------------------------------------------------
// Asking

export type LocomoMode = 'mnemo' | 'hybrid' | 'hybrid-candidates' | 'fts5';
export const LOCOMO_MODES: readonly LocomoMode[] = ['mnemo', 'hybrid', 'hybrid-candidates', 'fts5'];

export interface LocomoAsked {
  readonly question: LocomoQuestion;
  readonly mode: LocomoMode;
  /** Which store answered: a conversation's own, or `combined`. */
  readonly store: string;
  readonly rank: number | undefined;
  readonly top: readonly number[];
}

export interface AskReport {
  readonly asked: LocomoAsked[];
  /** Questions without evidence, or whose evidence names no stored turn. */
  readonly skipped: readonly { question: LocomoQuestion; reason: string }[];
  /** Evidence dia_ids that name no stored turn (among asked questions too). */
  readonly unresolvedEvidence: number;
}

/** Ask `questions` of the store in `dataDir` in each mode; `index` maps its observations to turns. */
export async function askLocomo(
  dataDir: string,
  db: SqliteDb,
  store: string,
  questions: readonly LocomoQuestion[],
  index: DiaIndex,
  modes: readonly LocomoMode[],
  log?: (l: string) => void,
): Promise<AskReport> {
  const baseline = modes.includes('fts5') ? buildBaseline(db) : undefined;
  if (modes.some((m) => m.startsWith('hybrid'))) await cli(dataDir, ['embed', '--json'], { MNEMO_EMBEDDER: 'hash' });
  const asked: LocomoAsked[] = [];
  const skipped: { question: LocomoQuestion; reason: string }[] = [];
  let unresolvedEvidence = 0;
  let n = 0;
  try {
    for (const q of questions) {
      if (q.evidence.length === 0) {
        skipped.push({ question: q, reason: 'no evidence' });
        continue;
      }
      const relevant = new Set<number>();
      for (const d of q.evidence) {
        const ids = index.byDia.get(diaKey(q.conversation, d));
        if (!ids) unresolvedEvidence++;
        for (const id of ids ?? []) relevant.add(id);
      }
      if (relevant.size === 0) {
        skipped.push({ question: q, reason: `evidence ${q.evidence.join(', ')} names no stored turn` });
        continue;
      }
      for (const mode of modes) {
        const top = mode === 'fts5' ? baseline!.search(q.question, 20) : await searchIds(dataDir, q.question, mode);
        asked.push({ question: q, mode, store, rank: firstRank(top, relevant), top });
      }
      if (++n % 200 === 0) log?.(`locomo: ${store}: ${n} questions asked`);
    }
  } finally {
    baseline?.close();
  }
  return { asked, skipped, unresolvedEvidence };
}
