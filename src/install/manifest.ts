/**
 * @module install/manifest
 * What we remember about an install so that uninstall can undo it exactly: each touched file's bytes
 * from before we first changed it, a hash of the bytes we last wrote (a match means the user has not
 * touched the file since, so the original bytes can simply be put back), and the files and folders we
 * created. Pure: (de)serialisation and naming only; the engine does the reading and writing.
 */
import { createHash } from 'node:crypto';
import type { PathApi } from './paths.ts';
import type { Scope } from './types.ts';
import { InstallError } from './errors.ts';

/** One file we changed or created. */
export interface ManifestFile {
  readonly path: string;
  /** False when we created the file: uninstall deletes it. */
  readonly existed: boolean;
  /** The file's bytes before our first install, base64; present when `existed`. */
  readonly original?: string;
  /** sha256 (hex) of the bytes we last wrote. */
  readonly written: string;
  /** Folders we created for the file, deepest first; removed again if empty. */
  readonly createdDirs: readonly string[];
}

/** The whole record of one assistant's install in one scope. */
export interface Manifest {
  readonly version: 1;
  readonly assistant: string;
  readonly scope: Scope;
  readonly target: string;
  readonly hookCommand: readonly string[];
  readonly mcpCommand: readonly string[];
  readonly installedAt: string;
  readonly files: readonly ManifestFile[];
}

/** sha256 of bytes, hex. */
export function sha256(bytes: Uint8Array): string {
  return createHash('sha256').update(bytes).digest('hex');
}

/**
 * `${dataDir}/install/<assistant>-<hash>.json`, the hash naming the scope (user + home, or the
 * project folder) so installs into several projects keep separate manifests.
 */
export function manifestPath(p: PathApi, dataDir: string, assistant: string, scope: Scope, target: string): string {
  const hash = createHash('sha256').update(`${scope}\0${target}`).digest('hex').slice(0, 12);
  return p.join(dataDir, 'install', `${assistant}-${hash}.json`);
}

/** The manifest as stored: pretty JSON, so a curious user can read it. */
export function serializeManifest(m: Manifest): string {
  return JSON.stringify(m, null, 2) + '\n';
}

/** Reads a stored manifest, refusing one that is not ours or is damaged. */
export function parseManifest(text: string, file: string): Manifest {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    v = undefined;
  }
  const m = v as Partial<Manifest> | undefined;
  if (!m || m.version !== 1 || !Array.isArray(m.files) || !Array.isArray(m.hookCommand) || !Array.isArray(m.mcpCommand)) {
    throw new InstallError('INVALID_CONFIG', `${file} is not a mnemo install manifest (damaged?); nothing was changed.`, file);
  }
  return m as Manifest;
}

/** Base64 of bytes, for the manifest. */
export function toBase64(bytes: Uint8Array): string {
  return Buffer.from(bytes).toString('base64');
}

/** Bytes back from the manifest's base64. */
export function fromBase64(text: string): Uint8Array {
  return new Uint8Array(Buffer.from(text, 'base64'));
}
