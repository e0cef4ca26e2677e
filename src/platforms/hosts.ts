/**
 * @module platforms/hosts
 * The adapters of the hosts other than Claude Code, by `--platform` name (platforms/index is the
 * registry). The hook bundle keeps them in a file of their own, plugin/dist/hook-hosts.cjs
 * (scripts/build.mjs), which a hook loads on the first call here: only when it runs for one of
 * these hosts, or a Claude Code hook receives one of their payloads. A Claude Code hook, every
 * tool call, never reads them.
 */
import { platform as codex } from './codex.ts';
import { platform as copilot } from './copilot.ts';
import { platform as cursor } from './cursor.ts';
import { platform as gemini } from './gemini.ts';
import { platform as opencode } from './opencode.ts';
import type { Platform } from './platform.ts';
import { platform as vscode } from './vscode.ts';

const HOSTS: ReadonlyMap<string, Platform> = new Map([codex, gemini, cursor, vscode, copilot, opencode].map((p) => [p.name, p]));

/** The adapter of another host, by its `--platform` name (exact spelling), or undefined. */
export function otherHost(name: string): Platform | undefined {
  return HOSTS.get(name);
}
