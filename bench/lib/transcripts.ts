/**
 * @module bench/lib/transcripts
 * Benchmark input: the real transcripts of ../shared/corpus/transcripts when present (else the test
 * fixtures), copied `copies` times with session, message and tool_use ids rewritten per copy, so
 * every copy is new data to a store.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { ROOT } from './report.ts';

export const FIXTURES = join(ROOT, 'test', 'fixtures', 'transcripts');
/** ../shared/corpus next to the checkout, or next to the folder of worktrees holding it. */
export const CORPUS = [join(ROOT, '..', 'shared', 'corpus', 'transcripts'), join(ROOT, '..', '..', 'shared', 'corpus', 'transcripts')].find(isDir);

const UUID_RE = /\b[0-9a-f]{8}(-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b/g;
const TOOLU_RE = /\btoolu_([0-9A-Za-z]+)/g;

function isDir(p: string): boolean {
  try {
    return statSync(p).isDirectory();
  } catch {
    return false;
  }
}

export function jsonlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? jsonlFiles(p) : n.endsWith('.jsonl') ? [p] : [];
  });
}

/** `copies` copies of every transcript of `source` under `out`; returns the bytes written. */
export function copyTranscripts(source: string, out: string, copies: number, keep: (path: string) => boolean = () => true): number {
  let bytes = 0;
  for (let k = 0; k < copies; k++) {
    const tag = k.toString(16).padStart(2, '0');
    const rewrite = (s: string) => s.replace(UUID_RE, (m, rest: string) => `${tag}${m.slice(2, 8)}${rest}`).replace(TOOLU_RE, (_m, id: string) => `toolu_${tag}${id}`);
    for (const f of jsonlFiles(source).filter(keep)) {
      const to = join(out, `copy-${tag}`, rewrite(relative(source, f)));
      mkdirSync(dirname(to), { recursive: true });
      const text = rewrite(readFileSync(f, 'utf8'));
      writeFileSync(to, text);
      bytes += Buffer.byteLength(text);
    }
  }
  return bytes;
}
