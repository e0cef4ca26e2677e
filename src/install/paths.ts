/**
 * @module install/paths
 * Picks the path flavour from the home directory itself rather than from the running OS, so that the
 * pure planning for a Windows home (`C:\Users\me`) can be computed and tested on Linux, and so that
 * nothing here ever consults os.homedir().
 */
import path from 'node:path';

/** The subset of node:path the installer uses; `path.posix` and `path.win32` both satisfy it. */
export type PathApi = Pick<
  typeof path.posix,
  'join' | 'dirname' | 'resolve' | 'isAbsolute' | 'relative' | 'sep' | 'normalize' | 'basename'
>;

const WINDOWS_ABSOLUTE = /^(?:[A-Za-z]:[\\/]|\\\\)/;

/** True for `C:\…`, `C:/…` and UNC paths. */
export function isWindowsPath(p: string): boolean {
  return WINDOWS_ABSOLUTE.test(p);
}

/** The node:path flavour that understands `home`. On a real Windows machine both agree. */
export function pathApiFor(home: string): PathApi {
  return isWindowsPath(home) ? path.win32 : path;
}

/**
 * `p` with forward slashes when it is a Windows path. Node and Git Bash accept `C:/x/y`, and it needs
 * no escaping inside shell strings or JSON that people read.
 */
export function forwardSlashes(p: string): string {
  return isWindowsPath(p) ? p.replace(/\\/g, '/') : p;
}

/**
 * The per-user application-data folder of a desktop app (VS Code's `Code`, `Trae`) for an OS, derived
 * from the home folder: `~/Library/Application Support/<app>` on macOS, `%APPDATA%\<app>` (under the
 * home's `AppData\Roaming`) on Windows, `~/.config/<app>` elsewhere.
 */
export function appDataDir(p: PathApi, home: string, os: 'linux' | 'darwin' | 'win32', app: string): string {
  if (os === 'darwin') return p.join(home, 'Library', 'Application Support', app);
  if (os === 'win32') return p.join(home, 'AppData', 'Roaming', app);
  return p.join(home, '.config', app);
}
