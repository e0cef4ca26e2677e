/**
 * @module core/extract/key-info
 * Search tags from a call's input and output: identifiers, error codes and classes, names quoted
 * in error messages, file paths, packages, URLs and issue references, plus the parts of compound
 * identifiers (`acquireConnection` → `acquire connection`), so a word search for `acquire`,
 * `acquireConnection` or `ECONNRESET` finds the call that produced it even after its output was
 * compressed. Works on a bounded, redacted window; never throws.
 */
import { redactText, identifierParts } from '../privacy/redact.ts';

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

const CAMEL_RE = /^[a-z][a-z0-9]*(?:[A-Z][a-z0-9]*)+$/;
const PASCAL_RE = /^(?:[A-Z][a-z0-9]+){2,}$|^[A-Z]+[a-z][a-z0-9]*[A-Z][A-Za-z0-9]*$/;
const SNAKE_RE = /^_?[a-z][a-z0-9]*(?:_[a-z0-9]+)+$/;
const SCREAMING_RE = /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/;
/** POSIX/Node errno names (a closed list: `EDIT`, `ERROR`, `EXAMPLE` are not codes) and rustc codes. */
const ERRNO_RE = /^E(?:CONN[A-Z]+|NOENT|ACCES|PERM|ADDRINUSE|ADDRNOTAVAIL|TIMEDOUT|PIPE|EXIST|ISDIR|NOTDIR|MFILE|NFILE|NOTFOUND|HOSTUNREACH|NETUNREACH|NETDOWN|AI_AGAIN|NOSPC|NOMEM|ROFS|INVAL|BUSY|NOTEMPTY|AGAIN|NOTSUP|NOSYS|SRCH|CHILD|DEADLK|LOOP|NAMETOOLONG|OVERFLOW|PROTO|BADF|FAULT|IO|XDEV|SPIPE|CANCELED|INTEGRITY|NOTCONN|ALREADY|INPROGRESS|BADMSG|\d{4})$/;
const CODE_RE = /^(?:TS\d{4,5}|CS\d{4}|ERR_[A-Z_]+|E_[A-Z_]+|PGRST\d+|SQLSTATE|ORA|HTTP)$/;
const ERROR_CLASS_RE = /^[A-Z][A-Za-z0-9]*(?:Error|Exception|Warning|Panic|Fault|Failure)$/;
const DECL_RE = /\b(?:function\*?|def|class|fn|func|interface|type|struct|enum|trait|impl|module|defmodule|defp?|const|let|var|val|method)\s+([A-Za-z_$][\w$.]*)/g;
/** Words that make a line an error line (matched anywhere in it). */
const ERROR_WORD_RE = /\b(?:error|Error|ERROR|exception|Exception|fatal|FATAL|panic|failed|FAIL|cannot|Cannot|undefined|not found)\b/;
/** What ends a line for `^`/`$` in a multiline pattern (and what `.` never crosses). */
const LINE_BREAK_RE = /[\n\r\u2028\u2029]/;
const MAX_ERROR_LINES = 40;
const QUOTED_RE = /['"`‘“]([^'"`’”\s]{2,80})['"`’”]/g;
const PATH_RE = /(?:~|\.{1,2})?(?:\/[\w.@+-]+){2,}|\b[\w.@-]+(?:\/[\w.@-]+)+\.[A-Za-z0-9]{1,8}\b|\b[\w-]+\.(?:tsx?|jsx?|mjs|cjs|py|go|rs|rb|java|kt|swift|cs|cpp|cc|c|h|hpp|ex|exs|php|json|ya?ml|toml|md|sql|sh|vue|svelte|css|scss|html|lock)\b/g;
const URL_RE = /\bhttps?:\/\/[^\s"'<>()[\]{}`]+/g;
const ISSUE_RE = /\b[\w.-]+\/[\w.-]+#\d+\b|(?<![\w&])#\d{1,7}\b|\b[A-Z][A-Z0-9]{1,9}-\d{1,6}\b/g;
/** ISSUE_RE's last alternative: all of it that can match in a text without `#`, and much cheaper to scan. */
const TRACKER_KEY_RE = /\b[A-Z][A-Z0-9]{1,9}-\d{1,6}\b/g;
/**
 * Package patterns, each with the literal text any match must contain: a text without it is not
 * scanned with the pattern at all (most texts name no package).
 */
const PACKAGE_RES: readonly (readonly [RegExp, readonly string[]])[] = [
  [/\bfrom\s+['"]([^'"./][^'"]*)['"]/g, ['from']],
  [/\brequire\(\s*['"]([^'"./][^'"]*)['"]\s*\)/g, ['require(']],
  [/\bimport\s+['"]([^'"./][^'"]*)['"]/g, ['import']],
  [/^\s*(?:from\s+([\w.]+)\s+import|import\s+([\w.]+))/gm, ['import']],
  [/\b(?:npm|pnpm|yarn|bun)\s+(?:install|i|add)\s+((?:@?[\w.-]+\/?[\w.-]*(?:@[\w.^~-]+)?\s*)+)/g, ['npm', 'yarn', 'bun']],
  [/\b(?:pip3?|uv pip|poetry|uv|cargo|gem|go)\s+(?:install|add|get)\s+((?:[\w./@=<>~^-]+\s*)+)/g, ['install', 'add', 'get']],
  [/(?<![\w/])(@[a-z0-9][\w.-]*\/[a-z0-9][\w.-]*)/g, ['@']],
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
  toString(): string {
    return this.#tags.join(' ');
  }
}

/**
 * A deduplicated, space-separated tag string of at most `maxChars` characters, most telling
 * first: error codes and classes, names from error lines, paths, packages, URLs, issue refs,
 * declared names, compound identifiers and finally their parts.
 */
export function extractKeyInfo(text: string, maxChars = DEFAULT_MAX): string {
  try {
    if (typeof text !== 'string' || !text) return '';
    const t = redactText(window(text)).replace(PLACEHOLDER_RE, ' ');
    const tags = new TagSet(Math.max(0, maxChars));
    const codes: string[] = [];
    const classes: string[] = [];
    const idents: string[] = [];
    for (const w of candidateTokens(t)) {
      if (ERRNO_RE.test(w) || CODE_RE.test(w)) codes.push(w);
      else if (ERROR_CLASS_RE.test(w)) classes.push(w);
      else if ((CAMEL_RE.test(w) || PASCAL_RE.test(w) || SNAKE_RE.test(w) || SCREAMING_RE.test(w)) && idents.length < MAX_IDENTIFIERS * 4) idents.push(w);
    }
    const errorNames: string[] = [];
    for (const line of errorLines(t)) {
      for (const q of line.matchAll(QUOTED_RE)) errorNames.push(q[1]!);
    }
    const decls = [...t.matchAll(DECL_RE)].map((m) => m[1]!).slice(0, 60);
    const paths = (t.match(PATH_RE) ?? []).slice(0, 60);
    const urls = (t.match(URL_RE) ?? []).slice(0, 20).map((u) => u.replace(URL_TAIL_RE, '').replace(TRAILING_PUNCT_RE, ''));
    const issues = (t.match(t.includes('#') ? ISSUE_RE : TRACKER_KEY_RE) ?? []).slice(0, 20);
    const packages: string[] = [];
    for (const [re, needles] of PACKAGE_RES) {
      if (!needles.some((n) => t.includes(n))) continue;
      for (const m of t.matchAll(re)) {
        const names = (m[1] ?? m[2] ?? '').split(WS_RE).filter((p) => p && !p.startsWith('-'));
        packages.push(...names.map((p) => p.replace(VERSION_AT_RE, '').replace(VERSION_SPEC_RE, '')));
        if (packages.length > 60) break;
      }
    }
    const ranked = rankIdentifiers(idents);
    const groups: readonly (readonly string[])[] = [
      codes, classes, errorNames, paths.flatMap((p) => [p, baseName(p)]), packages, urls, issues, decls,
      ranked,
    ];
    for (const g of groups) for (const tag of g) if (!tags.add(tag)) return tags.toString();
    // The parts of compound names, so `acquire` finds `acquireConnection`.
    for (const id of [...decls, ...ranked, ...classes]) {
      for (const part of identifierParts(id)) {
        if (part.length >= 3 && !STOP_IDENTIFIERS.has(part) && !tags.add(part)) return tags.toString();
      }
    }
    return tags.toString();
  } catch {
    return '';
  }
}

/**
 * The tokens (`[A-Za-z_$][\w$]*`, 3–80 characters) an identifier or code pattern might match, in
 * order. Tokens that start with a lower-case letter and hold no upper-case letter and no underscore
 * (`return`, `value2`) can match none of them; they are most of any text and are passed over
 * without being cut out of it.
 */
function candidateTokens(t: string): string[] {
  const out: string[] = [];
  const n = t.length;
  let i = 0;
  while (i < n) {
    const first = t.charCodeAt(i);
    if (!isTokenStart(first)) {
      i++;
      continue;
    }
    let plain = first >= 97 && first <= 122;
    let j = i + 1;
    for (; j < n; j++) {
      const c = t.charCodeAt(j);
      if ((c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 36) continue;
      if ((c >= 65 && c <= 90) || c === 95) plain = false;
      else break;
    }
    const len = j - i;
    if (!plain && len >= 3 && len <= 80) out.push(t.slice(i, j));
    i = j;
  }
  return out;
}

function isTokenStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 36;
}

/** The first lines holding an error word, whole (as `^.*\berror\b.*$` with the m flag would match them). */
function errorLines(t: string): string[] {
  if (!ERROR_WORD_RE.test(t)) return [];
  const out: string[] = [];
  for (const line of t.split(LINE_BREAK_RE)) {
    if (ERROR_WORD_RE.test(line) && out.push(line) >= MAX_ERROR_LINES) break;
  }
  return out;
}

/** Most frequent first, ties in order of appearance; bounded. */
function rankIdentifiers(ids: readonly string[]): string[] {
  const count = new Map<string, number>();
  for (const id of ids) count.set(id, (count.get(id) ?? 0) + 1);
  return [...count.entries()].sort((a, b) => b[1] - a[1]).slice(0, MAX_IDENTIFIERS).map(([k]) => k);
}

function baseName(p: string): string {
  const i = p.lastIndexOf('/');
  return i >= 0 ? p.slice(i + 1) : p;
}
