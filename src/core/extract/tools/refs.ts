/**
 * @module core/extract/tools/refs
 * External references: URLs (never loopback) and issue references in what a call sent and, for
 * shell, web and MCP calls, in what came back (`git push` prints the PR link, `gh pr create` the
 * PR URL). File contents are not scanned: a file full of links is not a reference to anything.
 */
import { responseText, str } from '../fields.ts';
import { makeEvent } from '../events.ts';
import { indexedBytes } from './mcp.ts';
import { commitMessage, gitOp } from '../shell/analyze.ts';
import { programName, programWords, splitCommands } from '../shell/split.ts';
import type { CallContext, Extractor } from '../context.ts';
import type { ExtractedEvent } from '../types.ts';

const URL_RE = /\bhttps?:\/\/[^\s"'<>()[\]{}`\\|^]{3,2000}/g;
const URL_HOST_RE = /^https?:\/\/(?:[^@/]*@)?(\[[^\]]*\]|[^/:?#]+)/i;
const DIGITS_RE = /^\d+$/;
const TRAILING_PUNCT_RE = /[.,;:!?*]+$/;
const LOOPBACK_HOST_RE = /^(?:localhost|127(?:\.\d{1,3}){3}|0\.0\.0\.0|\[::1?\]|[^.]+\.localhost|host\.docker\.internal)$/i;
const REPO_ISSUE_RE = /\b([A-Za-z0-9][\w.-]{0,38}\/[\w.-]{1,100})#(\d{1,7})\b/g;
const HASH_ISSUE_RE = /(?:^|[\s(,[])(?:GH-|#)(\d{1,7})\b/g;
const TRACKER_KEY_RE = /\b([A-Z][A-Z0-9]{1,9})-(\d{1,6})\b/g;
/** Upper-case prefixes that look like tracker keys but name standards and encodings. */
const NOT_TRACKER: ReadonlySet<string> = new Set([
  'UTF', 'SHA', 'ISO', 'AES', 'RSA', 'MD', 'TLS', 'SSL', 'HTTP', 'UTC', 'GMT', 'RFC', 'ES', 'PEP',
  'X', 'CP', 'WIN', 'IE', 'EC', 'P', 'ECMA', 'CVE', 'CWE', 'GPL', 'LGPL', 'BSD', 'MIT', 'APACHE',
  'MPL', 'CC', 'AGPL', 'PR', 'GH', 'TS', 'E', 'IPV', 'H', 'VP', 'AV', 'USB', 'PCI', 'DDR', 'LTS',
]);
/** Input fields that hold file content rather than something the call refers to. */
const CONTENT_FIELDS: ReadonlySet<string> = new Set(['content', 'old_string', 'new_string', 'edits', 'new_source', 'file_text', 'todos', 'questions', 'plan', 'prompt']);
const OUTPUT_SCANNED: ReadonlySet<string> = new Set(['WebSearch']);
/** Shell programs whose output names something external worth keeping (a PR, a deploy, a release). */
const LINKING_PROGRAMS: ReadonlySet<string> = new Set(['git', 'gh', 'glab', 'hub', 'curl', 'wget', 'vercel', 'netlify', 'fly', 'flyctl', 'gcloud', 'aws', 'az', 'heroku', 'railway', 'wrangler', 'firebase', 'docker', 'npm', 'pnpm', 'yarn', 'cargo', 'twine']);

/** True when some command of the line is a linking program (`git push`, `gh pr create`…). */
function linksOut(command: string): boolean {
  return splitCommands(command).some((seg) => LINKING_PROGRAMS.has(programName(programWords(seg)[0])));
}
const MAX_REFS = 3;

/** Non-loopback URLs in `text`, trailing punctuation removed. */
export function urlsIn(text: string, limit = MAX_REFS): string[] {
  const out: string[] = [];
  URL_RE.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = URL_RE.exec(text)) !== null && out.length < limit) {
    const url = m[0].replace(TRAILING_PUNCT_RE, '');
    const host = URL_HOST_RE.exec(url)?.[1] ?? '';
    if (!host || LOOPBACK_HOST_RE.test(host) || out.includes(url)) continue;
    out.push(url);
  }
  return out;
}

/** Issue references in a commit message, branch name or `gh` command. */
export function issueRefsIn(text: string): string[] {
  const out = new Set<string>();
  for (const m of text.matchAll(REPO_ISSUE_RE)) out.add(`${m[1]}#${m[2]}`);
  for (const m of text.matchAll(HASH_ISSUE_RE)) out.add(`#${m[1]}`);
  for (const m of text.matchAll(TRACKER_KEY_RE)) if (!NOT_TRACKER.has(m[1]!)) out.add(`${m[1]}-${m[2]}`);
  return [...out].slice(0, MAX_REFS);
}

/** Text of a shell command where issue references mean something: commit messages, gh calls. */
function issueContext(command: string): string {
  const parts: string[] = [];
  for (const seg of splitCommands(command)) {
    const w = programWords(seg);
    const git = gitOp(w);
    if (git?.op === 'commit') parts.push(commitMessage(git.args) ?? '');
    else if (git && (git.op === 'checkout' || git.op === 'switch' || git.op === 'branch')) parts.push(git.args.filter((a) => !a.startsWith('-')).join(' '));
    else if (w[0] === 'gh' && (w[1] === 'issue' || w[1] === 'pr') && w[3] && DIGITS_RE.test(w[3])) parts.push(`#${w[3]}`);
  }
  return parts.join('\n');
}

const EXPORT_RE = /^(?:export|setenv|set|declare|local|readonly)\b|^[A-Za-z_][A-Za-z0-9_]*=\S*$/;

/** A command without its variable assignments: exported values are masked, never referenced. */
function commandWithoutAssignments(command: string): string {
  return splitCommands(command).filter((seg) => !EXPORT_RE.test(seg.trim())).map((seg) => programWords(seg).join(' ')).join('\n');
}

function inputStrings(ctx: CallContext): string {
  const parts: string[] = [];
  for (const [k, v] of Object.entries(ctx.input)) {
    if (CONTENT_FIELDS.has(k)) continue;
    if (k === 'command' && ctx.tool === 'Bash' && typeof v === 'string') {
      parts.push(commandWithoutAssignments(v));
      continue;
    }
    if (typeof v === 'string') parts.push(v.length > 20_000 ? v.slice(0, 20_000) : v);
  }
  return parts.join('\n');
}

/** Up to three `external_ref` events per call. */
export const refsExtractor: Extractor = {
  name: 'external_ref',
  match: (ctx) => ctx.phase === 'post',
  extract(ctx) {
    const refs: string[] = [];
    const inText = inputStrings(ctx);
    refs.push(...urlsIn(inText));
    if (ctx.tool === 'Bash') refs.push(...issueRefsIn(issueContext(str(ctx.input, 'command') ?? '')));
    let bytes: number | undefined;
    const scanOutput = OUTPUT_SCANNED.has(ctx.tool) || ctx.tool.startsWith('mcp__') || (ctx.tool === 'Bash' && linksOut(str(ctx.input, 'command') ?? ''));
    if (ctx.failure === null && ctx.hasResponse && scanOutput) {
      const out = responseText(ctx.response, 20_000);
      refs.push(...urlsIn(out));
      if (!ctx.tool.startsWith('mcp__')) bytes = indexedBytes(out);
    } else if (ctx.tool === 'WebFetch' && ctx.hasResponse) {
      bytes = indexedBytes(responseText(ctx.response, 4000));
    }
    const seen = new Set<string>();
    const events: ExtractedEvent[] = [];
    for (const ref of refs) {
      if (seen.has(ref) || events.length >= MAX_REFS) continue;
      seen.add(ref);
      events.push(makeEvent('external_ref', ref, events.length === 0 ? bytes : undefined));
    }
    return events;
  },
};
