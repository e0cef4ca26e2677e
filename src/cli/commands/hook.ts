import type { Command } from '../io.ts';
import { runHook } from '../../hooks/entry.ts';

/**
 * `mnemo hook <Event> [--platform <name>]`: the same code path as the hook bundle, run by a person, so
 * an unknown platform or event is an error (exit 2) instead of a host's silent no-op.
 */
export const hookCommand: Command = async (args, io) => runHook(args, { byHand: true, tell: io.err });
