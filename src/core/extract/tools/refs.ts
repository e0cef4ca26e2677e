/**
 * @module core/extract/tools/refs
 * External references: URLs (never loopback) and issue references in what a call sent and, for
 * shell, web, MCP and subagent calls, in what came back (`git push` prints the PR link, `gh pr
 * create` the PR URL). File contents and other outputs yield only references that are certainly
 * tracker items: `#42`, `GH-12`, `owner/repo#12` in running text, and URLs whose path names an
 * issue, pull or merge request or ticket. Any other link in a file is not a reference to anything.
 */
import { arr, asRecord, responseText, str } from '../fields.ts';
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
const OUTPUT_SCANNED: ReadonlySet<string> = new Set(['WebSearch', 'Agent']);
/**
 * `#42` as people write it: after a space or an opening bracket (not at a line start, where Docker
 * steps and stack frames are numbered), not a property value (`color: #333`), ending the token.
 */
const TEXT_ISSUE_RE = /(?<=[^\S\n]|[([{,])(?<![:=]\s?)#([1-9]\d{0,6})(?![\w-]|;|\.\d)/g;
const GH_ISSUE_RE = /\bGH-([1-9]\d{0,6})\b/g;
/** A tracker's own CLI lists its items at line starts (`gh pr list`: `#12  Fix tests  …`). */
const LINE_ISSUE_RE = /^#([1-9]\d{0,6})(?=[\s:]|$)/gm;
const TRACKER_CLIS: ReadonlySet<string> = new Set(['gh', 'glab', 'hub', 'tea', 'jira', 'linear']);
/** An issue tracker's item by the shape of its URL path: `/issues/42`, `/pull/7`, `/-/merge_requests/3`, `/browse/ABC-12`. */
const TRACKER_URL_RE = /\/(?:issues?|pulls?|pull-requests|merge_requests|tickets?|browse|bugs?|work_packages|show_bug\.cgi\?id=)\/?(?:[A-Z][A-Z0-9]{1,9}-)?\d{1,9}(?:[/?#]|$)/;
/** Files whose `#123` are colours and anchors, not issues. */
const STYLE_FILE_RE = /\.(?:css|scss|sass|less|styl|svg|html?|xml|xaml|vue|svelte)$/i;
/** Input fields that hold text someone wrote (file content, a prompt): scanned for tracker references only. */
const WRITTEN_FIELDS: readonly string[] = ['content', 'new_string', 'new_source', 'file_text', 'prompt', 'description', 'body'];
/** Shell programs whose output names something external worth keeping (a PR, a deploy, a release). */
const LINKING_PROGRAMS: ReadonlySet<string> = new Set(['git', 'gh', 'glab', 'hub', 'curl', 'wget', 'vercel', 'netlify', 'fly', 'flyctl', 'gcloud', 'aws', 'az', 'heroku', 'railway', 'wrangler', 'firebase', 'docker', 'npm', 'pnpm', 'yarn', 'cargo', 'twine']);

/** True when some command of the line is an issue tracker's CLI (`gh pr list`). */
function runsTrackerCli(command: string): boolean {
  return splitCommands(command).some((seg) => TRACKER_CLIS.has(programName(programWords(seg)[0])));
}

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

/**
 * Certain tracker references in running text (a file's content, a tool's output): issue and pull
 * request URLs, then `owner/repo#12`, `GH-12` and `#42` outside URLs.
 */
export function trackerRefsIn(text: string, limit = MAX_REFS, listing = false): string[] {
  const out: string[] = [];
  if (!text) return out;
  const t = text.length > 20_000 ? text.slice(0, 20_000) : text;
  for (const url of urlsIn(t, 50)) {
    if (out.length >= limit) return out;
    if (TRACKER_URL_RE.test(url) && !out.includes(url)) out.push(url);
  }
  const prose = t.replace(URL_RE, ' ');
  for (const m of prose.matchAll(REPO_ISSUE_RE)) {
    if (out.length >= limit) return out;
    const ref = `${m[1]}#${m[2]}`;
    if (!out.includes(ref)) out.push(ref);
  }
  for (const re of listing ? [LINE_ISSUE_RE, GH_ISSUE_RE, TEXT_ISSUE_RE] : [GH_ISSUE_RE, TEXT_ISSUE_RE]) {
    for (const m of prose.matchAll(re)) {
      if (out.length >= limit) return out;
      const ref = `#${m[1]}`;
      if (!out.includes(ref) && !out.some((r) => r.endsWith(ref))) out.push(ref);
    }
  }
  return out;
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

/** What the call's input says in written text (content of a file written, a subagent's prompt). */
function writtenText(ctx: CallContext): string {
  const parts: string[] = [];
  for (const k of WRITTEN_FIELDS) {
    const v = ctx.input[k];
    if (typeof v === 'string') parts.push(v.length > 20_000 ? v.slice(0, 20_000) : v);
  }
  for (const e of arr(ctx.input, 'edits') ?? []) {
    const v = str(asRecord(e), 'new_string', 'newString');
    if (v) parts.push(v.slice(0, 5000));
  }
  return parts.join('\n');
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
    const out = ctx.failure === null && ctx.hasResponse ? responseText(ctx.response, 20_000) : '';
    if (out && scanOutput) {
      refs.push(...urlsIn(out));
      if (!ctx.tool.startsWith('mcp__')) bytes = indexedBytes(out);
    } else if (ctx.tool === 'WebFetch' && ctx.hasResponse) {
      bytes = indexedBytes(responseText(ctx.response, 4000));
    }
    const path = str(ctx.input, 'file_path', 'notebook_path', 'path') ?? '';
    if (!STYLE_FILE_RE.test(path)) {
      refs.push(...trackerRefsIn(writtenText(ctx)));
      if (out && ctx.tool !== 'WebSearch' && ctx.tool !== 'WebFetch') refs.push(...trackerRefsIn(out, MAX_REFS, ctx.tool === 'Bash' && runsTrackerCli(str(ctx.input, 'command') ?? '')));
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
