/**
 * @module core/extract/key-info
 * Search tags from a call's input and output: identifiers, error codes and classes, names quoted
 * in error messages, file paths, packages, URLs and issue references, plus the parts of compound
 * identifiers (`acquireConnection` → `acquire connection`), so a word search for `acquire`,
 * `acquireConnection` or `ECONNRESET` finds the call that produced it even after its output was
 * compressed. Works on a bounded, redacted window; never throws.
 */
import { redactText, identifierParts } from '../privacy/redact.ts';
import { CUE, markedPathRuns, scanText } from './key-info-scan.ts';

const PLACEHOLDER_RE = /\[REDACTED:[^\]]*\]/g;
const URL_TAIL_RE = /[?#].*$/;
const TRAILING_PUNCT_RE = /[.,;:!]+$/;
const WS_RE = /\s+/;
/** `pkg@1.2.3` → `pkg` (but `@scope/pkg` keeps its leading @). */
const VERSION_AT_RE = /(?<=.)@[^/]*$/;
const VERSION_SPEC_RE = /[=<>~^].*$/;

const HEAD_CHARS = 32_768;
const TAIL_CHARS = 16_384;
const DEFAULT_MAX = 1000;
const MAX_IDENTIFIERS = 80;
const MAX_PATHS = 60;

const DECL_RE = /\b(?:function\*?|def|class|fn|func|interface|type|struct|enum|trait|impl|module|defmodule|defp?|const|let|var|val|method)\s+([A-Za-z_$][\w$.]*)/g;
/** `DECL_RE` tried at one position: where a declaration keyword stands. */
const DECL_AT_RE = new RegExp(DECL_RE.source, 'y');
/** Words that make a line an error line (matched anywhere in it). */
const ERROR_WORD_RE = /\b(?:error|Error|ERROR|exception|Exception|fatal|FATAL|panic|failed|FAIL|cannot|Cannot|undefined|not found)\b/g;
/** What ends a line for `^`/`$` in a multiline pattern (and what `.` never crosses). */
const LINE_BREAK_RE = /[\n\r\u2028\u2029]/g;
const MAX_ERROR_LINES = 40;
const QUOTED_RE = /['"`‘“]([^'"`’”\s]{2,80})['"`’”]/g;
const PATH_RE = /(?:~|\.{1,2})?(?:\/[\w.@+-]+){2,}|\b[\w.@-]+(?:\/[\w.@-]+)+\.[A-Za-z0-9]{1,8}\b|\b[\w-]+\.(?:tsx?|jsx?|mjs|cjs|py|go|rs|rb|java|kt|swift|cs|cpp|cc|c|h|hpp|ex|exs|php|json|ya?ml|toml|md|sql|sh|vue|svelte|css|scss|html|lock)\b/g;
const URL_RE = /\bhttps?:\/\/[^\s"'<>()[\]{}`]+/g;
const ISSUE_RE = /\b[\w.-]+\/[\w.-]+#\d+\b|(?<![\w&])#\d{1,7}\b|\b[A-Z][A-Z0-9]{1,9}-\d{1,6}\b/g;
/** ISSUE_RE's last alternative: all of it that can match in a text without `#`, and much cheaper to scan. */
const TRACKER_KEY_RE = /\b[A-Z][A-Z0-9]{1,9}-\d{1,6}\b/g;
/** Package patterns, each with the cues one of which any match needs (most texts name no package). */
const PACKAGE_RES: readonly (readonly [RegExp, number])[] = [
  [/\bfrom\s+['"]([^'"./][^'"]*)['"]/g, CUE.from],
  [/\brequire\(\s*['"]([^'"./][^'"]*)['"]\s*\)/g, CUE.require],
  [/\bimport\s+['"]([^'"./][^'"]*)['"]/g, CUE.import],
  [/^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))/gm, CUE.from | CUE.import],
  [/\b(?:npm|pnpm|yarn|bun)\s+(?:install|i|add)\s+((?:@?[\w.-]+\/?[\w.-]*(?:@[\w.^~-]+)?\s*)+)/g, CUE.npm],
  [/\b(?:pip3?|uv pip|poetry|uv|cargo|gem|go)\s+(?:install|add|get)\s+((?:[\w./@=<>~^-]+\s*)+)/g, CUE.install],
  [/(?<![\w/])(@[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*)/g, CUE.at],
];
const STOP_IDENTIFIERS: ReadonlySet<string> = new Set(['http', 'https', 'www', 'com', 'org', 'the', 'and', 'for']);

function window(text: string): string {
  if (text.length <= HEAD_CHARS + TAIL_CHARS) return text;
  return `${text.slice(0, HEAD_CHARS)}\n${text.slice(-TAIL_CHARS)}`;
}

class TagSet {
  readonly #seen = new Set<string>();
  readonly #tags: string[] = [];
  #len = 0;
  constructor(readonly max: number) {}
  /** False once a tag no longer fits: the caller stops there. */
  add(tag: string): boolean {
    const t = tag.trim();
    if (t.length < 2 || t.length > 160 || t.includes(' ')) return true;
    const k = t.toLowerCase();
    if (this.#seen.has(k)) return true;
    if (this.#len + t.length + 1 > this.max) return false;
    this.#seen.add(k);
    this.#tags.push(t);
    this.#len += t.length + 1;
    return true;
  }
  /** `add` for a part from `identifierParts`: already lower case, letters and digits only. */
  addPart(part: string): boolean {
    if (part.length > 160 || this.#seen.has(part)) return true;
    if (this.#len + part.length + 1 > this.max) return false;
    this.#seen.add(part);
    this.#tags.push(part);
    this.#len += part.length + 1;
    return true;
  }
  addAll(tags: readonly string[]): boolean {
    for (const tag of tags) if (!this.add(tag)) return false;
    return true;
  }
  toString(): string {
    return this.#tags.join(' ');
  }
}

/**
 * A deduplicated, space-separated tag string of at most `maxChars` characters, most telling
 * first: error codes and classes, names from error lines, paths, packages, URLs, issue refs,
 * declared names, compound identifiers and finally their parts. Each group is looked for only
 * while the budget lasts.
 */
export function extractKeyInfo(text: string, maxChars = DEFAULT_MAX): string {
  try {
    if (typeof text !== 'string' || !text) return '';
    const t = withoutPlaceholders(redactText(window(text)));
    const tags = new TagSet(Math.max(0, maxChars));
    const { codes, classes, idents, cues, declAt, pathRuns } = scanText(t);
    const done =
      !tags.addAll(codes) || !tags.addAll(classes) || !tags.addAll(errorNames(t, cues)) || !addPaths(tags, pathsIn(t, pathRuns ?? markedPathRuns(t))) ||
      !tags.addAll(packagesIn(t, cues)) || !tags.addAll(urlsIn(t, cues)) || !tags.addAll(issuesIn(t, cues));
    if (done) return tags.toString();
    const decls = declaredNames(t, declAt);
    const ranked = rankIdentifiers(idents);
    if (!tags.addAll(decls) || !tags.addAll(ranked)) return tags.toString();
    // The parts of compound names, so `acquire` finds `acquireConnection`.
    for (const ids of [decls, ranked, classes]) {
      for (const id of ids) {
        for (const part of identifierParts(id)) {
          if (part.length >= 3 && !STOP_IDENTIFIERS.has(part) && !tags.addPart(part)) return tags.toString();
        }
      }
    }
    return tags.toString();
  } catch {
    return '';
  }
}

function withoutPlaceholders(t: string): string {
  return t.includes('[REDACTED:') ? t.replace(PLACEHOLDER_RE, ' ') : t;
}

/** Names in quotes on the first lines holding an error word. */
function errorNames(t: string, cues: number): string[] {
  const out: string[] = [];
  if (!(cues & CUE.errorWord)) return out;
  for (const line of errorLines(t)) {
    for (const q of line.matchAll(QUOTED_RE)) out.push(q[1]!);
  }
  return out;
}

/**
 * The first lines holding an error word, whole (as `^.*\berror\b.*$` with the m flag would match
 * them). No error word spans a line break, and a line break is no word character, so an error
 * word found in the whole text is one its line holds on its own.
 */
function errorLines(t: string): string[] {
  const out: string[] = [];
  ERROR_WORD_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while (out.length < MAX_ERROR_LINES && (m = ERROR_WORD_RE.exec(t)) !== null) {
    let start = m.index;
    while (start > 0 && !isLineBreak(t.charCodeAt(start - 1))) start--;
    LINE_BREAK_RE.lastIndex = m.index;
    const end = LINE_BREAK_RE.exec(t)?.index ?? t.length;
    out.push(t.slice(start, end));
    ERROR_WORD_RE.lastIndex = end;
  }
  ERROR_WORD_RE.lastIndex = 0;
  return out;
}

function isLineBreak(c: number): boolean {
  return c === 10 || c === 13 || c === 0x2028 || c === 0x2029;
}

/** Up to `limit` matches of a global pattern, in order. */
function firstMatches(t: string, re: RegExp, limit: number, group = 0): string[] {
  const out: string[] = [];
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while (out.length < limit && (m = re.exec(t)) !== null) out.push(m[group]!);
  re.lastIndex = 0;
  return out;
}

/**
 * `DECL_RE`'s first 60 names. Every match starts at a declaration keyword standing alone, so
 * without a `$` in the text it is enough to try the pattern where those keywords start.
 */
function declaredNames(t: string, declAt: readonly number[] | null): string[] {
  if (declAt === null) return firstMatches(t, DECL_RE, 60, 1);
  const out: string[] = [];
  let end = 0;
  for (const at of declAt) {
    if (at < end) continue;
    DECL_AT_RE.lastIndex = at;
    const m = DECL_AT_RE.exec(t);
    if (!m) continue;
    end = DECL_AT_RE.lastIndex;
    if (out.push(m[1]!) >= 60) break;
  }
  return out;
}

/**
 * `PATH_RE`'s first 60 matches, found by running it only over the runs of path characters that
 * hold a `/` or a `.` (what every alternative needs). The same matches as over the whole text: a
 * match never leaves its run, and the characters around a run are not word characters, so `\b`
 * sees a run's edges as it sees the text's.
 */
function pathsIn(t: string, runs: readonly number[]): string[] {
  const out: string[] = [];
  for (let k = 0; k < runs.length && out.length < MAX_PATHS; k += 2) {
    const found = t.slice(runs[k], runs[k + 1]).match(PATH_RE);
    if (found) out.push(...found);
  }
  return out.length > MAX_PATHS ? out.slice(0, MAX_PATHS) : out;
}

/** Each path, then its base name. */
function addPaths(tags: TagSet, paths: readonly string[]): boolean {
  for (const p of paths) {
    if (!tags.add(p)) return false;
    const base = baseName(p);
    if (base !== p && !tags.add(base)) return false;
  }
  return true;
}

function urlsIn(t: string, cues: number): string[] {
  if (!(cues & CUE.http)) return [];
  return firstMatches(t, URL_RE, 20).map((u) => u.replace(URL_TAIL_RE, '').replace(TRAILING_PUNCT_RE, ''));
}

/** `ISSUE_RE` matches; without a `#` and a digit, all it can match is a tracker key. */
function issuesIn(t: string, cues: number): string[] {
  if (cues & CUE.hashDigit) return firstMatches(t, ISSUE_RE, 20);
  return cues & CUE.tracker ? firstMatches(t, TRACKER_KEY_RE, 20) : [];
}

function packagesIn(t: string, cues: number): string[] {
  const packages: string[] = [];
  for (const [re, cue] of PACKAGE_RES) {
    if (!(cues & cue)) continue;
    for (const m of t.matchAll(re)) {
      const names = (m[1] ?? m[2] ?? '').split(WS_RE).filter((p) => p && !p.startsWith('-'));
      packages.push(...names.map((p) => p.replace(VERSION_AT_RE, '').replace(VERSION_SPEC_RE, '')));
      if (packages.length > 60) break;
    }
  }
  return packages;
}

/** Most frequent first, ties in order of appearance; bounded. */
function rankIdentifiers(ids: readonly string[]): string[] {
  const count = new Map<string, number>();
  let most = 0;
  for (const id of ids) {
    const c = (count.get(id) ?? 0) + 1;
    count.set(id, c);
    if (c > most) most = c;
  }
  // A stable sort by count, as buckets: counts are small and most identifiers appear once.
  const byCount: string[][] = [];
  for (let c = 0; c <= most; c++) byCount.push([]);
  for (const [id, c] of count) byCount[c]!.push(id);
  const out: string[] = [];
  for (let c = most; c > 0 && out.length < MAX_IDENTIFIERS; c--) {
    for (const id of byCount[c]!) {
      if (out.length >= MAX_IDENTIFIERS) break;
      out.push(id);
    }
  }
  return out;
}

function baseName(p: string): string {
  const i = p.lastIndexOf('/');
  return i >= 0 ? p.slice(i + 1) : p;
}
