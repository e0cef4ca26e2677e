/**
 * @module install
 * `mnemo install <assistant>` / `mnemo uninstall <assistant>`: the public face of the installer.
 * Anything not exported here is internal.
 */
export { install, uninstall } from './engine.ts';
export { supportedAssistants } from './registry.ts';
export { InstallError, type InstallErrorCode } from './errors.ts';
export type { FileAction, FileChange, InstallOptions, InstallReport, Scope, UninstallOptions } from './types.ts';
