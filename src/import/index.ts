/**
 * @module import
 * Backfill and portability: `mnemo import claude-code` (Claude Code transcripts through the live
 * capture path) and `mnemo import jsonl` (a lossless restore of `mnemo export`). Named exports only;
 * anything not listed here is internal.
 */
export { importClaudeCode, importUid, type ClaudeCodeImportOptions, type ImportProgress, type ImportReport } from './claude-code-import.ts';
export { importJsonl, toPortableObservation, toPortableSession, type JsonlImportReport } from './jsonl-import.ts';
export { progressBar, progressLine, type ProgressBar } from './progress.ts';
export { transcriptEvents, SubagentDirectory, type FileRole, type HookPayload, type TranscriptEvent } from './claude-code/transcript-events.ts';
export { findTranscripts, type TranscriptFile, type TranscriptGroup } from './claude-code/transcript-files.ts';
