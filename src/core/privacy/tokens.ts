/**
 * @module core/privacy/tokens
 * Applies the shaped-token table: one scan finds which rules' literal hints occur, and only those
 * rules' regexes run.
 */
import type { Hits } from './hint-scan.ts';
import { findHints } from './hints.ts';
import { placeholder } from './placeholder.ts';
import { TOKEN_RULES, type TokenRule } from './token-rules.ts';

/** Rules announced by each hint seen so far (see rulesForHint). */
const RULES_BY_HINT = new Map<string, readonly TokenRule[]>();
/**
 * For a found hint, the rules it (or a hint it contains) announces. Worked out on first sight, not
 * at load: every hook process loads this module, and the full table costs milliseconds to build.
 */
function rulesForHint(hint: string): readonly TokenRule[] {
  let rules = RULES_BY_HINT.get(hint);
  if (!rules) RULES_BY_HINT.set(hint, (rules = TOKEN_RULES.filter((r) => r.hints.some((g) => hint.includes(g)))));
  return rules;
}
const ALWAYS_RULES = TOKEN_RULES.filter((r) => r.hints.length === 0);

/** Anchored rules: try the sticky regex just ahead of each occurrence of the hint. */
function applyAnchored(text: string, rule: TokenRule, anchor: NonNullable<TokenRule['anchor']>): string {
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

function applyRule(text: string, rule: TokenRule): string {
  if (rule.anchor) return applyAnchored(text, rule, rule.anchor);
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

/** Every shaped token in `text` replaced by its placeholder; `hints`: where the rules' hints occur in it. */
export function redactTokens(text: string, hints: Hits = findHints(text).tokenHints): string {
  let active: Set<TokenRule> | undefined;
  for (let k = 0; k < hints.length; k += 2) {
    active ??= new Set();
    for (const r of rulesForHint(text.substr(hints[k]!, hints[k + 1]!))) active.add(r);
  }
  let out = text;
  // In declaration order, so specific rules (sk-ant-) run before general ones (sk-).
  for (const rule of active ? TOKEN_RULES : ALWAYS_RULES) {
    if (rule.hints.length === 0 ? !rule.present || rule.present(out) : active!.has(rule)) out = applyRule(out, rule);
  }
  return out;
}
