/**
 * @module narration/formats
 * How each host's transcript is read for narration. Claude Code and Codex append one JSON object a
 * line (read from a byte offset, their reader's state saved with it); Gemini CLI rewrites one JSON
 * document (read whole whenever it changed). Hosts absent here keep no transcript mnemo can read
 * (README, "The why").
 */
import { basename, dirname, join } from 'node:path';
import type { NarrationRecord } from '../core/narration.ts';
import { ClaudeNarration } from '../import/claude-code/transcript-narration.ts';
import { roleOf } from '../import/claude-code/transcript-files.ts';
import type { SourceLine } from '../import/claude-code/transcript-events.ts';
import { CodexNarration } from '../import/codex/rollout-narration.ts';
import { geminiNarration } from '../import/gemini/chat-narration.ts';

/** Reads an append-only transcript line by line, keeping what the next line needs in `state()`. */
export interface LineNarrator {
  /** False for a line that is not a JSON object (torn or foreign): skipped, never fatal. */
  line(line: SourceLine): boolean;
  take(): NarrationRecord[];
  state(): unknown;
}

export type TranscriptFormat =
  | {
      readonly kind: 'lines';
      narrator(path: string, session: string, state: unknown): LineNarrator;
      /** Other files of the same session to read too (subagent runs), found next to this one. */
      companions?(path: string): string;
    }
  | {
      readonly kind: 'document';
      /** Files larger than this are not read (a document is parsed whole). */
      readonly maxBytes: number;
      narrate(text: string, session: string): NarrationRecord[];
    };

const claude: TranscriptFormat = {
  kind: 'lines',
  narrator: (path, session, state) => {
    const name = basename(path);
    const role = roleOf(path);
    return new ClaudeNarration({ role, fileLabel: name, fallbackSessionId: role === 'main' ? name.replace(/\.jsonl$/, '') || session : session }, state);
  },
  // Claude Code ≥ 2.1 writes each subagent run to `<session>/subagents/agent-<id>.jsonl`.
  companions: (path) => join(dirname(path), basename(path).replace(/\.jsonl$/, ''), 'subagents'),
};

const codex: TranscriptFormat = {
  kind: 'lines',
  narrator: (_path, session, state) => new CodexNarration(session, state),
};

const gemini: TranscriptFormat = {
  kind: 'document',
  maxBytes: 64 * 1024 * 1024,
  narrate: geminiNarration,
};

/** Transcript formats by the platform whose hooks name the file. */
export const FORMATS: Readonly<Record<string, TranscriptFormat>> = {
  'claude-code': claude,
  codex,
  gemini,
};

export const READABLE_PLATFORMS: readonly string[] = Object.keys(FORMATS);
