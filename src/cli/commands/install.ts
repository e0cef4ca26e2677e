import type { Command } from '../io.ts';

export const installCommand: Command = async (_args, io) => {
  io.err('install: being wired');
  return 1;
};
export const uninstallCommand = installCommand;
