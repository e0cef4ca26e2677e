import type { Command } from '../io.ts';
import { runHook } from '../../hooks/entry.ts';

/** `mnemo hook <Event>`: the same code path as the hook bundle. */
export const hookCommand: Command = async (args) => {
  await runHook(args);
  return 0;
};
