/**
 * @module cli/commands/extract
 * `mnemo extract [--json]`: the typed events hook payloads yield, without storing anything.
 * Input on stdin: one payload, a JSON array of payloads, or NDJSON. Payloads of one session keep
 * their extraction state in sequence, exactly as the hooks would (error → resolution, repeats).
 * Output: one JSON array of events per payload, one per line.
 */
import { newUid } from '../../core/uid.ts';
import { parseArgs } from 'node:util';
import { captureEvent } from '../../core/capture.ts';
import { enrichEvent } from '../../core/enrich.ts';
import { resolvePlace } from '../../hooks/place.ts';
import { readStdin } from '../../hooks/stdin.ts';
import { parseClaudeCode } from '../../platforms/claude-code.ts';
import { UsageError, type Command } from '../io.ts';

function payloadsOf(text: string): unknown[] {
  const trimmed = text.trim();
  if (!trimmed) return [];
  try {
    const whole: unknown = JSON.parse(trimmed);
    return Array.isArray(whole) ? whole : [whole];
  } catch {
    return trimmed.split('\n').filter((l) => l.trim()).map((line) => {
      try {
        return JSON.parse(line) as unknown;
      } catch {
        return new SyntaxError('malformed JSON line');
      }
    });
  }
}

export const extractCommand: Command = async (args, io) => {
  try {
    parseArgs({ args, options: { json: { type: 'boolean' } }, strict: true });
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const input = await readStdin(256 * 1024 * 1024);
  const states = new Map<string, unknown>();
  let line = 0;
  for (const payload of payloadsOf(input.text)) {
    line++;
    if (payload instanceof Error) {
      io.err(`line ${line}: ${payload.message}`);
      io.out('[]');
      continue;
    }
    try {
      const ev = parseClaudeCode(undefined, payload, (m) => io.err(`line ${line}: ${m}`));
      const captured = captureEvent(ev, {
        place: resolvePlace(ev.cwd),
        now: Date.now(),
        uid: newUid(),
        limits: { maxInputChars: io.config.maxInputChars, maxOutputChars: io.config.maxOutputChars },
      });
      if (!captured) {
        io.out('[]');
        continue;
      }
      const key = `${ev.platform}:${ev.sessionId}`;
      const r = enrichEvent(captured, states.get(key));
      if (r.state) states.set(key, r.state);
      io.out(JSON.stringify(r.events));
    } catch (err) {
      io.err(`line ${line}: ${(err as Error).message}`);
      io.out('[]');
    }
  }
  return 0;
};
