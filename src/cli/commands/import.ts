/**
 * @module cli/commands/import
 * `mnemo import claude-code [DIR] [--json]`: backfill memory from Claude Code's transcripts
 * (default `~/.claude/projects`; `DIR` may also be one transcript file). A progress bar on stderr
 * when it is a terminal; one summary line (or `--json`) at the end.
 *
 * `mnemo import jsonl FILE [--json]`: restore what `mnemo export` wrote (`-` reads stdin).
 */
import { existsSync, statSync } from 'node:fs';
import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { importClaudeCode, importJsonl, progressBar, type ImportReport, type JsonlImportReport } from '../../import/index.ts';
import { openStore } from '../../store/open-store.ts';
import { SqlitePortable } from '../../store/sqlite/portable.ts';
import { UsageError, type Command, type Io } from '../io.ts';

const USAGE = 'usage: mnemo import claude-code [DIR] [--workers N] [--json] | mnemo import jsonl FILE|- [--json]';

const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function claudeDefaultDir(io: Io): string {
  const home = io.env.HOME?.trim() || io.env.USERPROFILE?.trim() || homedir();
  return join(home, '.claude', 'projects');
}

/** The line a person reads at the end. */
export function claudeCodeReportLine(r: ImportReport): string {
  const parts = [
    `imported ${fmt(r.files)} file(s), ${fmt(r.sessions)} session(s), ${fmt(r.events)} event(s) (${fmt(r.toolCalls)} tool calls)`,
    `${fmt(r.observations)} new observation(s), ${fmt(r.duplicates)} duplicate(s)${r.narrated ? `, ${fmt(r.narrated)} call(s) narrated` : ''}`,
    `${r.seconds.toFixed(1)} s, ${fmt(r.eventsPerSecond)} events/s`,
  ];
  const extra = [
    r.malformedLines ? `${fmt(r.malformedLines)} malformed line(s) skipped` : '',
    r.failures.length ? `${r.failures.length} file(s) unreadable` : '',
  ].filter(Boolean);
  return parts.join(' · ') + (extra.length ? ` · ${extra.join(', ')}` : '');
}

function jsonlReportLine(r: JsonlImportReport): string {
  const skipped = [
    r.malformedLines ? `${fmt(r.malformedLines)} malformed` : '',
    r.unknownRecords ? `${fmt(r.unknownRecords)} of unknown kind` : '',
    r.orphans ? `${fmt(r.orphans)} without their session` : '',
  ].filter(Boolean);
  return (
    `restored ${fmt(r.sessions)} session(s), ${fmt(r.observations)} observation(s), ${fmt(r.events)} event(s) from ${fmt(r.lines)} line(s)` +
    ` · ${fmt(r.duplicates)} already present · ${fmt(r.remapped)} id(s) remapped` +
    (skipped.length ? ` · skipped ${skipped.join(', ')}` : '') +
    ` · ${r.seconds.toFixed(1)} s`
  );
}

async function claudeCode(positionals: string[], json: boolean, workers: number | undefined, io: Io): Promise<number> {
  if (positionals.length > 1) throw new UsageError(USAGE);
  const root = positionals[0] ? resolve(io.cwd, positionals[0]) : claudeDefaultDir(io);
  if (!existsSync(root)) {
    io.err(`mnemo import: no transcripts at ${root}`);
    return 1;
  }
  const tty = process.stderr.isTTY === true && !json;
  const bar = tty ? progressBar(process.stderr) : undefined;
  const store = await openStore(io.config);
  let report: ImportReport;
  try {
    report = await importClaudeCode(store, {
      root,
      limits: { maxInputChars: io.config.maxInputChars, maxOutputChars: io.config.maxOutputChars },
      openWithinMs: io.config.abandonAfterMs,
      ...(workers !== undefined ? { workers } : {}),
      ...(bar ? { onProgress: bar.update } : {}),
    });
  } finally {
    bar?.done();
    await store.close();
  }
  if (json) io.out(JSON.stringify(report, null, 2));
  else {
    io.out(claudeCodeReportLine(report));
    for (const f of report.failures) io.err(`mnemo import: could not read ${f.path}: ${f.error}`);
  }
  return 0;
}

async function jsonl(positionals: string[], json: boolean, io: Io): Promise<number> {
  const file = positionals[0];
  if (!file || positionals.length > 1) throw new UsageError(USAGE);
  const path = file === '-' ? undefined : resolve(io.cwd, file);
  if (path && (!existsSync(path) || !statSync(path).isFile())) {
    io.err(`mnemo import: no such file ${path}`);
    return 1;
  }
  // Fold the hooks' spool first, so restored rows and pending live events keep their order.
  await (await openStore(io.config)).close();
  const portable = SqlitePortable.open({ path: io.config.dbPath, busyTimeoutMs: 5000 });
  let report: JsonlImportReport;
  try {
    report = await importJsonl(portable, path ?? process.stdin);
  } finally {
    portable.close();
  }
  io.out(json ? JSON.stringify(report, null, 2) : jsonlReportLine(report));
  return 0;
}

export const importCommand: Command = async (args, io) => {
  let parsed;
  try {
    parsed = parseArgs({ args, options: { json: { type: 'boolean' }, workers: { type: 'string' } }, allowPositionals: true, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const [source, ...rest] = parsed.positionals;
  const json = parsed.values.json === true;
  const workers = parsed.values.workers;
  if (workers !== undefined && !/^\d{1,2}$/.test(workers)) throw new UsageError(`--workers takes a number of threads from 0 to 99, not ${JSON.stringify(workers)}`);
  if (source === 'claude-code') return claudeCode(rest, json, workers === undefined ? undefined : Number(workers), io);
  if (workers !== undefined) throw new UsageError('--workers applies to mnemo import claude-code only');
  if (source === 'jsonl') return jsonl(rest, json, io);
  throw new UsageError(source ? `unknown source ${JSON.stringify(source)}; ${USAGE}` : USAGE);
};
