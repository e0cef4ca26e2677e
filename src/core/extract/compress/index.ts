/**
 * @module core/extract/compress
 * Per-tool compression of bulky tool outputs for storage: a Read keeps the path and the lines
 * that matter, an edit or a diff keeps its changed hunks, a log keeps head, problem lines and
 * tail, a file list keeps its count and first entries. The result is redacted and never longer
 * than `maxChars`; it never throws.
 */
import { redactText } from '../../privacy/redact.ts';
import { asRecord, arr, num, readableText, responseText, str } from '../fields.ts';
import { normalizeToolInput, normalizeToolName } from '../tool-names.ts';
import { kilobytes } from '../../sizes.ts';
import { truncateMiddle } from '../../truncate.ts';
import { changedHunks, editDiff, looksLikeDiff } from './diff.ts';
import { compressLog } from './log.ts';
import { patchTextOf } from '../patch-ops.ts';
import { compressFile } from './read.ts';

const MIN_CHARS = 80;

function fileList(files: readonly unknown[], maxChars: number): string {
  const names = files.filter((f): f is string => typeof f === 'string');
  const out = [`${names.length} file${names.length === 1 ? '' : 's'}`];
  let size = out[0]!.length;
  for (const n of names) {
    if (size + n.length + 1 > maxChars - 20) {
      out.push(`… ${names.length - (out.length - 1)} more`);
      break;
    }
    out.push(n);
    size += n.length + 1;
  }
  return out.join('\n');
}

/** A notebook's cells as text: each cell's source under a `# [code]` / `# [markdown]` marker, with its text outputs. */
function notebookText(cells: readonly unknown[]): string {
  const out: string[] = [];
  for (const c of cells.slice(0, 500)) {
    const cell = asRecord(c);
    if (!cell) continue;
    const src = cell['source'];
    const source = typeof src === 'string' ? src : Array.isArray(src) ? src.filter((l) => typeof l === 'string').join('') : '';
    out.push(`# [${str(cell, 'cellType', 'cell_type') ?? 'cell'}]`, source);
    for (const o of arr(cell, 'outputs') ?? []) {
      const t = responseText(asRecord(o)?.['text'] ?? asRecord(o)?.['data'] ?? '', 2000);
      if (t && typeof t === 'string' && !t.startsWith('{')) out.push(`# output: ${t}`);
    }
  }
  return out.join('\n');
}

function byTool(tool: string, input: Record<string, unknown>, response: unknown, maxChars: number): string {
  const r = asRecord(response);
  switch (tool) {
    case 'Read': {
      const file = asRecord(r?.['file']);
      const path = str(input, 'file_path') ?? str(file, 'filePath') ?? '';
      // Any host's shape: Claude's `{file: {content}}`, a string, `{content}`, a list of text parts.
      const content = str(file, 'content') ?? (typeof response === 'string' ? response : str(r, 'content', 'llmContent', 'output') ?? readableText(response, 400_000));
      const first = num(file, 'startLine') ?? num(input, 'offset') ?? 1;
      const cells = arr(file, 'cells');
      if (cells) return compressFile(path, notebookText(cells), maxChars);
      // An image or a PDF: what it was, never its bytes.
      if (!content && (r?.['type'] === 'image' || r?.['type'] === 'pdf')) {
        const size = num(file, 'originalSize');
        return `${path}\n(${r['type'] === 'pdf' ? 'PDF' : `image${str(file, 'type') ? ` ${str(file, 'type')}` : ''}`}${size !== undefined ? `, ${kilobytes(size)}` : ''})`;
      }
      return compressFile(path, content, maxChars, first);
    }
    case 'Edit':
    case 'MultiEdit':
    case 'NotebookEdit': {
      const path = str(input, 'file_path') ?? str(r, 'filePath') ?? '';
      return compressLog(`${path}\n${editDiff(input, response)}`, maxChars);
    }
    case 'Write': {
      const path = str(input, 'file_path') ?? str(r, 'filePath') ?? '';
      return compressFile(path, str(input, 'content') ?? '', maxChars);
    }
    case 'apply_patch': {
      const patch = patchTextOf(input);
      const result = responseText(response, 4000);
      return compressLog(`${changedHunks(patch) || patch}${result ? `\n${result}` : ''}`, maxChars);
    }
    case 'Glob':
    {
      const list = arr(r, 'filenames') ?? (Array.isArray(response) && response.every((f) => typeof f === 'string') ? response : undefined);
      // A host that answers in text (`Found 2 file(s) matching …`) keeps its text, not an empty list.
      return list ? fileList(list, maxChars) : compressLog(responseText(response), maxChars);
    }
    case 'Grep': {
      const files = arr(r, 'filenames');
      const content = str(r, 'content');
      if (content) return compressLog(content, maxChars);
      if (files) return fileList(files, maxChars);
      return compressLog(responseText(response), maxChars);
    }
    case 'Bash': {
      // An image printed to stdout (`isImage`) is bytes, not output anyone reads.
      const stdout = r?.['isImage'] === true ? '(image output)' : str(r, 'stdout', 'aggregated_output', 'output') ?? (typeof response === 'string' ? response : '');
      const stderr = str(r, 'stderr') ?? '';
      const status = [str(r, 'returnCodeInterpretation'), str(r, 'backgroundTaskId') ? `running in the background as ${str(r, 'backgroundTaskId')}` : ''].filter(Boolean).join('; ');
      const text = (stderr ? `${stdout}${stdout ? '\n' : ''}[stderr]\n${stderr}` : stdout || (status ? '' : responseText(response))) + (status ? `${stdout || stderr ? '\n' : ''}(${status})` : '');
      if (looksLikeDiff(text)) return compressLog(changedHunks(text), maxChars);
      return compressLog(text, maxChars);
    }
    default:
      return compressLog(responseText(response), maxChars);
  }
}

/**
 * Compress one tool output to at most `maxChars` characters (tool names and fields of any
 * assistant are accepted). Returns '' when there is nothing to keep.
 */
export function compressOutput(toolName: string, input: unknown, response: unknown, maxChars: number): string {
  try {
    const max = Math.max(MIN_CHARS, Math.floor(Number.isFinite(maxChars) ? maxChars : 2000));
    if (response === undefined || response === null) return '';
    const tool = normalizeToolName(toolName);
    const compressed = byTool(tool, normalizeToolInput(tool, input), response, max);
    // Redaction can lengthen a text a little; a cut then drops its middle, never the end where a
    // command's result line (`[main 37016ac] subject`, `12 passed`) is.
    return truncateMiddle(redactText(compressed), max);
  } catch {
    return '';
  }
}
