/**
 * @module core/extract/tools/files
 * File events: reads (and the rule files among them), edits, writes, patches, globs and greps.
 * A failed call yields no file event (the failure has its own), so "read X" always means X was read.
 */
import { isRuleFile } from '../rule-files.ts';
import { patchOps, patchTextOf } from '../patch-ops.ts';
import { asRecord, arr, num, str, type Json } from '../fields.ts';
import { makeEvent } from '../events.ts';
import { gist, shortPath } from '../text.ts';
import { isProjectRoot, statedCount } from '../search-answer.ts';
import type { CallContext, Extractor } from '../context.ts';
import type { ExtractedEvent } from '../types.ts';

const PLAN_DIR_RE = /(?:^|[/\\])\.claude[/\\]plans[/\\]/;
const FRONTMATTER_RE = /^---\n[\s\S]*?\n---\n/;
const CRLF_RE = /\r\n/g;
/** Table rules and horizontal lines: `---`, `| :-- |`. */
const RULER_RE = /^[-=*_|:\s]+$/;
const MD_MARK_RE = /^\s*(?:#{1,6}\s+|[-*+]\s+|\d+[.)]\s+|>\s*)/;

/** Line count without splitting a possibly huge string. */
export function countLines(s: string): number {
  let n = 1;
  for (let i = s.indexOf('\n'); i >= 0; i = s.indexOf('\n', i + 1)) n++;
  return s.endsWith('\n') ? n - 1 : n;
}

/** Only the head of huge edit strings is compared; the first change is almost always near it. */
const SNIPPET_SCAN_CHARS = 20_000;

/** The file a call acts on, from normalized input or the response. */
export function filePathOf(ctx: CallContext): string | undefined {
  const fromInput = str(ctx.input, 'file_path', 'notebook_path');
  if (fromInput) return fromInput;
  const r = asRecord(ctx.response);
  return str(r, 'filePath', 'file_path') ?? str(asRecord(r?.['file']), 'filePath');
}

/** The text a Read returned: Claude's `{file: {content}}`, a plain string, or `{content}`. */
function readContent(response: unknown): string {
  if (typeof response === 'string') return response;
  const r = asRecord(response);
  return str(asRecord(r?.['file']), 'content') ?? str(r, 'content', 'llmContent', 'output') ?? '';
}

/**
 * A rule file's gist: its instructions in order (headings, bullets, sentences), markdown
 * markers and front matter removed, joined with ` · `. Bounded work on long files.
 */
export function ruleGist(content: string, max = 300): string {
  const body = content.slice(0, 8000).replace(CRLF_RE, '\n').replace(FRONTMATTER_RE, '');
  const parts: string[] = [];
  let len = 0;
  let fence = false;
  for (const raw of body.split('\n')) {
    if (raw.trimStart().startsWith('```')) {
      fence = !fence;
      continue;
    }
    if (fence) continue;
    const line = raw.replace(MD_MARK_RE, '').trim();
    if (!line || RULER_RE.test(line)) continue;
    parts.push(line);
    len += line.length + 3;
    if (len > max) break;
  }
  return parts.join(' · ');
}

function range(input: Json): string {
  const offset = num(input, 'offset');
  const limit = num(input, 'limit');
  const end = num(input, 'end_line');
  if (offset !== undefined && (limit !== undefined || end !== undefined)) return ` (lines ${offset}-${end ?? offset + (limit ?? 0)})`;
  if (offset !== undefined) return ` (from line ${offset})`;
  if (limit !== undefined) return ` (first ${limit} lines)`;
  return '';
}

function ruleEvents(shown: string, content: string, verb: string): ExtractedEvent[] {
  const out = [makeEvent('rule', verb ? `${verb} ${shown}` : shown)];
  const g = ruleGist(content);
  if (g) out.push(makeEvent('rule_content', `${shown}: ${g}`));
  return out;
}

const ok = (ctx: CallContext): boolean => ctx.failure === null && ctx.phase === 'post';

/** `file_read` per file read; `rule` + `rule_content` first when it is an instruction file. */
export const readExtractor: Extractor = {
  name: 'read',
  match: (ctx) => ctx.tool === 'Read' && ok(ctx),
  extract(ctx) {
    const paths = filePathOf(ctx) ? [filePathOf(ctx)!] : (arr(ctx.input, 'paths') ?? []).filter((p): p is string => typeof p === 'string').slice(0, 10);
    const out: ExtractedEvent[] = [];
    for (const path of paths) {
      const shown = shortPath(path, ctx.cwd);
      if (isRuleFile(path)) out.push(...ruleEvents(shown, paths.length === 1 ? readContent(ctx.response) : '', ''));
      out.push(makeEvent('file_read', shown + range(ctx.input)));
    }
    return out;
  },
};

function quoted(s: string, n: number): string {
  return `"${gist(s, n)}"`;
}

/**
 * The first line where an edit changes something, from both sides: edits usually keep their
 * leading context, so the first lines alone would read `"// x" → "// x"`.
 */
export function changeSnippet(oldS: string | undefined, newS: string | undefined, n = 60): string {
  const a = (oldS ?? '').slice(0, SNIPPET_SCAN_CHARS).split('\n');
  const b = (newS ?? '').slice(0, SNIPPET_SCAN_CHARS).split('\n');
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i++;
  const from = a.slice(i).find((l) => l.trim()) ?? '';
  const to = b.slice(i).find((l) => l.trim()) ?? '';
  if (!from && !to) return '';
  return `${quoted(from, n)} → ${quoted(to, n)}`;
}

/** `file_edit` with the first changed line; rule and plan files get their own events too. */
export const editExtractor: Extractor = {
  name: 'edit',
  match: (ctx) => (ctx.tool === 'Edit' || ctx.tool === 'MultiEdit' || ctx.tool === 'NotebookEdit' || ctx.tool === 'Delete') && ok(ctx),
  extract(ctx) {
    const path = filePathOf(ctx);
    if (!path) return [];
    const shown = shortPath(path, ctx.cwd);
    let detail = '';
    let added = '';
    if (ctx.tool === 'Delete') detail = ' (deleted)';
    else if (ctx.tool === 'MultiEdit') {
      const edits = arr(ctx.input, 'edits') ?? [];
      detail = ` (${edits.length} edit${edits.length === 1 ? '' : 's'})`;
      added = edits.map((e) => str(asRecord(e), 'new_string', 'newString') ?? '').join('\n');
    } else if (ctx.tool === 'NotebookEdit') {
      const mode = str(ctx.input, 'edit_mode') ?? 'replace';
      const cell = str(ctx.input, 'cell_id') ?? String(num(ctx.input, 'cell_number') ?? '');
      detail = ` (${mode} cell ${cell})`.replace(' cell )', ')');
      added = str(ctx.input, 'new_source') ?? '';
    } else {
      const oldS = str(ctx.input, 'old_string');
      const newS = str(ctx.input, 'new_string') ?? (typeof ctx.input['content'] === 'string' ? (ctx.input['content'] as string) : undefined);
      const change = changeSnippet(oldS, newS);
      if (change) detail = `: ${change}`;
      if (ctx.input['replace_all'] === true) detail += ' (all)';
      added = newS ?? '';
    }
    const out: ExtractedEvent[] = [];
    if (isRuleFile(path)) out.push(...ruleEvents(shown, added, 'updated'));
    out.push(makeEvent('file_edit', shown + detail));
    if (PLAN_DIR_RE.test(path)) out.push(makeEvent('plan_file_write', shown));
    return out;
  },
};

/** `file_write` with the line count; `plan_file_write` under `.claude/plans/`; rule files. */
export const writeExtractor: Extractor = {
  name: 'write',
  match: (ctx) => ctx.tool === 'Write' && ok(ctx),
  extract(ctx) {
    const path = filePathOf(ctx);
    if (!path) return [];
    const shown = shortPath(path, ctx.cwd);
    const content = str(ctx.input, 'content', 'file_text', 'text') ?? '';
    const lines = content ? countLines(content) : 0;
    const out: ExtractedEvent[] = [];
    if (isRuleFile(path)) out.push(...ruleEvents(shown, content, 'wrote'));
    out.push(makeEvent('file_write', lines ? `${shown} (${lines} line${lines === 1 ? '' : 's'})` : shown));
    if (PLAN_DIR_RE.test(path)) {
      const title = content.split('\n').find((l) => l.trim())?.replace(MD_MARK_RE, '') ?? '';
      out.push(makeEvent('plan_file_write', title ? `${shown}: ${title}` : shown));
    }
    return out;
  },
};

/** apply_patch: `file_write` for added files, `file_edit` for updated, deleted and moved ones. */
export const patchExtractor: Extractor = {
  name: 'apply_patch',
  match: (ctx) => ctx.tool === 'apply_patch' && ok(ctx),
  extract(ctx) {
    const out: ExtractedEvent[] = [];
    for (const { op, path } of patchOps(patchTextOf(ctx.input))) {
      const shown = shortPath(path, ctx.cwd);
      if (op === 'add') out.push(makeEvent('file_write', shown));
      else out.push(makeEvent('file_edit', op === 'update' ? shown : `${shown} (${op === 'delete' ? 'deleted' : 'moved here'})`));
      if (isRuleFile(path) && op !== 'delete') out.push(makeEvent('rule', `updated ${shown}`));
      if (PLAN_DIR_RE.test(path) && op !== 'delete') out.push(makeEvent('plan_file_write', shown));
    }
    return out;
  },
};

/** ` in src` for a search's folder; nothing for the project root, where every search looks by default. */
function inFolder(where: string | undefined, cwd: string | undefined): string {
  if (!where || isProjectRoot(where, cwd)) return '';
  return ` in ${shortPath(where, cwd)}`;
}

function countOf(response: unknown): string {
  const r = asRecord(response);
  // Gemini answers in text: `Found 3 file(s) matching …`, `No files found …`, `Found 4 matches …`.
  const said = statedCount(response);
  if (said?.of) return ` → ${said.n} ${said.of}${said.n === 1 ? '' : said.of === 'match' ? 'es' : 's'}`;
  if (!r) return '';
  const files = num(r, 'numFiles');
  const lines = num(r, 'numLines', 'numMatches');
  if (lines !== undefined && lines > 0 && str(r, 'mode') === 'content') return ` → ${lines} line${lines === 1 ? '' : 's'}`;
  if (files !== undefined) return ` → ${files} file${files === 1 ? '' : 's'}${r['truncated'] === true ? '+' : ''}`;
  return '';
}

/** `file_glob`: the pattern, where, and how many files matched. */
export const globExtractor: Extractor = {
  name: 'glob',
  match: (ctx) => ctx.tool === 'Glob' && ok(ctx),
  extract(ctx) {
    const pattern = str(ctx.input, 'pattern', 'query', 'glob');
    if (!pattern) return [];
    const where = str(ctx.input, 'path', 'cwd');
    return [makeEvent('file_glob', `${pattern}${inFolder(where, ctx.cwd)}${countOf(ctx.response)}`)];
  },
};

/** `file_search`: the pattern, where, the file filter and how much matched. */
export const grepExtractor: Extractor = {
  name: 'grep',
  match: (ctx) => ctx.tool === 'Grep' && ok(ctx),
  extract(ctx) {
    const pattern = str(ctx.input, 'pattern', 'query', 'regex');
    if (!pattern) return [];
    const where = str(ctx.input, 'path', 'cwd');
    const filter = str(ctx.input, 'glob', 'type');
    const scope = [inFolder(where, ctx.cwd).trim(), filter ? `(${filter})` : ''].filter(Boolean).join(' ');
    return [makeEvent('file_search', `${JSON.stringify(pattern)}${scope ? ' ' + scope : ''}${countOf(ctx.response)}`)];
  },
};
