/**
 * @module core/privacy/tokens
 * Applies the shaped-token catalogue. The hint scan has already found where the formats' prefixes
 * occur; each format is walked only at those places (core/privacy/token-formats), and the few
 * regex rules (core/privacy/token-rules) run only when one of their hints occurs.
 */
import { isWordCode } from './char-class.ts';
import type { Hits } from './hint-scan.ts';
import { findHints, tokenHintsAt } from './hints.ts';
import { placeholder } from './placeholder.ts';
import { tokenFormats, type TokenFormat } from './token-formats.ts';
import { TOKEN_RULES, type TokenRule } from './token-rules.ts';

interface Candidate {
  readonly format: TokenFormat;
  /** Declaration order: among matches of equal extent, the earlier (more specific) format names the kind. */
  readonly order: number;
  readonly prefix: string;
  /** Where the prefix sits inside the hint that was found. */
  readonly offset: number;
}

/**
 * For a found hint, the formats whose prefix it is or contains. Worked out on first sight, not at
 * load: every hook process loads this module and sees only a few distinct hints.
 */
const CANDIDATES = new Map<string, readonly Candidate[]>();
function candidatesFor(hint: string): readonly Candidate[] {
  let list = CANDIDATES.get(hint);
  if (!list) {
    const found: Candidate[] = [];
    tokenFormats().forEach((format, order) => {
      for (const prefix of format.prefixes) {
        const offset = hint.indexOf(prefix);
        if (offset >= 0) found.push({ format, order, prefix, offset });
      }
    });
    CANDIDATES.set(hint, (list = found));
  }
  return list;
}

const RULES_BY_HINT = new Map<string, readonly TokenRule[]>();
function rulesForHint(hint: string): readonly TokenRule[] {
  let rules = RULES_BY_HINT.get(hint);
  if (!rules) RULES_BY_HINT.set(hint, (rules = TOKEN_RULES.filter((r) => r.hints.some((g) => hint.includes(g)))));
  return rules;
}
const ALWAYS_RULES = TOKEN_RULES.filter((r) => r.hints.length === 0);

/** Whether a token can start with `prefix` at `at`, whatever its format: what formatEnd asks first. */
function prefixStartsToken(text: string, at: number, prefix: string): boolean {
  if (!text.startsWith(prefix, at)) return false;
  // A token starts a word: `xsk-…` or `mysk-…` is something else.
  if (at > 0 && isWordCode(prefix.charCodeAt(0)) && isWordCode(text.charCodeAt(at - 1))) return false;
  // …and is not a stretch of a longer base64 run (`…Qx/SK0f3…`, an image or a key body).
  return !(at > 1 && isWordCode(prefix.charCodeAt(0)) && isBase64Joint(text.charCodeAt(at - 1)) && isWordCode(text.charCodeAt(at - 2)));
}

/**
 * Whether any token hint inside the hit `[at, at + length)` (a format's prefix is the hit or inside
 * it) can start a token there. Most hits cannot: `pat`, Airtable's prefix, inside every `file_path`
 * of a tool call. Asked before the hit's candidates, which would build the whole catalogue
 * (token-formats, on first use) for nothing; the hints at each place come from the scan's tables.
 */
function tokenMayStart(text: string, at: number, length: number): boolean {
  for (let i = at; i < at + length; i++) {
    for (const prefix of tokenHintsAt(text, i)) if (prefixStartsToken(text, i, prefix)) return true;
  }
  return false;
}

/** Where a token of `format` starting with `prefix` at `at` ends, or -1. Runs are greedy, as long as their class allows. */
export function formatEnd(text: string, at: number, format: TokenFormat, prefix: string): number {
  if (!prefixStartsToken(text, at, prefix)) return -1;
  let i = at + prefix.length;
  const body = format.body;
  for (let s = 0; s < body.length; s++) {
    const seg = body[s]!;
    if (typeof seg === 'string') {
      if (!text.startsWith(seg, i)) return -1;
      i += seg.length;
      continue;
    }
    const [cls, min, max = min] = seg;
    const n = cls.run(text, i, max);
    if (n < min) return -1;
    i += n;
  }
  // …and ends one: no letter, digit or `_` (nor a character of its last run) right after it.
  if (i < text.length) {
    const c = text.charCodeAt(i);
    const last = body[body.length - 1];
    if (isWordCode(c) || (last !== undefined && typeof last !== 'string' && last[0].has(c))) return -1;
    if (isBase64Joint(c) && i + 1 < text.length && isWordCode(text.charCodeAt(i + 1)) && isWordCode(prefix.charCodeAt(0))) return -1;
  }
  return i;
}

/** `+` and `/`: inside a base64 run they join letters and digits. */
const isBase64Joint = (c: number): boolean => c === 43 || c === 47;

interface Found {
  readonly start: number;
  readonly end: number;
  readonly kind: string;
  readonly order: number;
}

/** Every catalogued token at the hits, the longest at each start, without overlaps. */
function formatMatches(text: string, hints: Hits): Found[] {
  const found: Found[] = [];
  for (let k = 0; k < hints.length; k += 2) {
    const at = hints[k]!;
    if (!tokenMayStart(text, at, hints[k + 1]!)) continue;
    for (const c of candidatesFor(text.substr(at, hints[k + 1]!))) {
      const start = at + c.offset;
      const end = formatEnd(text, start, c.format, c.prefix);
      if (end < 0) continue;
      const token = text.slice(start, end);
      if (c.format.check && !c.format.check(token)) continue;
      found.push({ start, end, kind: c.format.kind, order: c.order });
    }
  }
  if (found.length < 2) return found;
  found.sort((a, b) => a.start - b.start || b.end - a.end || a.order - b.order);
  const kept: Found[] = [];
  let free = 0;
  for (const m of found) {
    if (m.start < free) continue;
    kept.push(m);
    free = m.end;
  }
  return kept;
}

/** Anchored rules: try the sticky regex just ahead of each occurrence of the hint. */
function applyAnchored(text: string, rule: TokenRule, anchor: NonNullable<TokenRule['anchor']>, seen?: ReadonlySet<string>): string {
  if (typeof anchor.hint !== 'string') {
    // Only the hints the scan saw (a long text searched once per listed hint would cost more than its scan).
    for (const hint of anchor.hint) if (seen ? seen.has(hint) : text.includes(hint)) text = applyAnchoredAt(text, rule, hint, anchor.before);
    return text;
  }
  return applyAnchoredAt(text, rule, anchor.hint, anchor.before);
}

function applyAnchoredAt(text: string, rule: TokenRule, hint: string, before: readonly number[]): string {
  const anchor = { hint, before };
  let out = '';
  let last = 0;
  let at = text.indexOf(anchor.hint);
  while (at >= 0) {
    let next = at + anchor.hint.length;
    for (const b of anchor.before) {
      const start = at - b;
      if (start < last) continue;
      rule.re.lastIndex = start;
      const m = rule.re.exec(text);
      if (m && (!rule.check || rule.check(m[0]))) {
        out += text.slice(last, start) + placeholder(rule.kind, m[0]);
        last = start + m[0].length;
        next = Math.max(next, last);
        break;
      }
    }
    at = text.indexOf(anchor.hint, next);
  }
  return last === 0 ? text : out + text.slice(last);
}

function applyRule(text: string, rule: TokenRule, seen?: ReadonlySet<string>): string {
  if (rule.anchor) return applyAnchored(text, rule, rule.anchor, seen);
  rule.re.lastIndex = 0;
  return text.replace(rule.re, (match: string, ...rest: unknown[]) => {
    if (typeof rest[0] === 'string' && typeof rest[1] === 'string') {
      const [prefix, secret, suffix] = rest as [string, string, string | undefined];
      if (rule.check && !rule.check(secret)) return match;
      return prefix + placeholder(rule.kind, secret) + (typeof suffix === 'string' ? suffix : '');
    }
    if (rule.check && !rule.check(match)) return match;
    return placeholder(rule.kind, match);
  });
}

/** Every shaped token in `text` replaced by its placeholder; `hints`: where the token hints occur in it. */
export function redactTokens(text: string, hints: Hits = findHints(text).tokenHints): string {
  let out = text;
  const found = hints.length ? formatMatches(text, hints) : [];
  if (found.length) {
    out = '';
    let last = 0;
    for (const m of found) {
      out += text.slice(last, m.start) + placeholder(m.kind, text.slice(m.start, m.end));
      last = m.end;
    }
    out += text.slice(last);
  }
  let active: Set<TokenRule> | undefined;
  let seen: Set<string> | undefined;
  for (let k = 0; k < hints.length; k += 2) {
    const hint = text.substr(hints[k]!, hints[k + 1]!);
    const rules = rulesForHint(hint);
    if (rules.length) (seen ??= new Set()).add(hint);
    for (const r of rules) (active ??= new Set()).add(r);
  }
  for (const rule of active ? TOKEN_RULES : ALWAYS_RULES) {
    if (rule.hints.length === 0 ? !rule.present || rule.present(out) : active!.has(rule) && (!rule.present || rule.present(out))) out = applyRule(out, rule, seen);
  }
  return out;
}
