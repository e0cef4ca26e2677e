/**
 * @module cli/commands/extract
 * `mnemo extract [--json] [--platform P] [--event E]`: the typed events hook payloads yield, without
 * storing anything. Input on stdin: one payload, a JSON array of payloads, or NDJSON. Each payload goes
 * through the hooks' own capture path (`capture/extract-payloads`), read by the `--platform` adapter
 * (default claude-code; `--event` names the event of payloads that carry no name, as a hook command
 * line does). Output: one JSON array of events per payload, one per line.
 */
import { parseArgs } from 'node:util';
import { PayloadExtractor } from '../../capture/extract-payloads.ts';
import { resolvePlace } from '../../hooks/place.ts';
import { readStdin } from '../../hooks/stdin.ts';
import { DEFAULT_PLATFORM, PLATFORM_NAMES, platformNamed } from '../../platforms/index.ts';
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
  let values: { platform?: string | undefined; event?: string | undefined };
  try {
    ({ values } = parseArgs({ args, options: { json: { type: 'boolean' }, platform: { type: 'string' }, event: { type: 'string' } }, strict: true }));
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
  const name = values.platform ?? DEFAULT_PLATFORM;
  const platform = platformNamed(name);
  if (!platform) throw new UsageError(`unknown platform ${JSON.stringify(name)} (known: ${PLATFORM_NAMES.join(', ')})`);
  const extractor = new PayloadExtractor({
    platform,
    hostEvent: values.event,
    limits: { maxInputChars: io.config.maxInputChars, maxOutputChars: io.config.maxOutputChars },
    place: (ev) => resolvePlace(ev.cwd),
  });
  const input = await readStdin(256 * 1024 * 1024);
  let line = 0;
  for (const payload of payloadsOf(input.text)) {
    line++;
    const warn = (m: string) => io.err(`line ${line}: ${m}`);
    if (payload instanceof Error) {
      warn(payload.message);
      io.out('[]');
      continue;
    }
    try {
      io.out(JSON.stringify(extractor.extract(payload, { warn })));
    } catch (err) {
      warn((err as Error).message);
      io.out('[]');
    }
  }
  return 0;
};
