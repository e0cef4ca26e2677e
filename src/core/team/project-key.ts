/**
 * @module core/team/project-key
 * A project's identity on the team server: its git remote, normalised so that every clone of one
 * repository gets the same key whatever the URL form, user, port or letter case:
 *   git@github.com:Acme/API.git, https://user@github.com/acme/api, ssh://git@github.com:22/acme/api.git
 *   → github.com/acme/api
 * Pure: no I/O (the caller reads the remote from git).
 */

/** The key of a remote URL, or undefined when it names no repository (a bare word, an empty string). */
export function projectKeyFromRemote(remote: string): string | undefined {
  let s = remote.trim();
  if (!s) return undefined;
  let host: string;
  let path: string;
  const scheme = /^([a-z][a-z0-9+.-]*):\/\//i.exec(s);
  if (scheme) {
    s = s.slice(scheme[0].length);
    if (scheme[1]!.toLowerCase() === 'file') {
      host = 'file';
      path = s;
    } else {
      const slash = s.indexOf('/');
      const authority = slash < 0 ? s : s.slice(0, slash);
      path = slash < 0 ? '' : s.slice(slash + 1);
      host = authority.slice(authority.lastIndexOf('@') + 1);
      // ssh://host:port/path and the occasional ssh://host:path
      const colon = host.lastIndexOf(':');
      if (colon > 0 && !host.endsWith(']')) {
        const after = host.slice(colon + 1);
        if (!/^\d*$/.test(after)) path = `${after}/${path}`;
        host = host.slice(0, colon);
      }
    }
  } else {
    // scp-like: [user@]host:path (a colon before any slash)
    const m = /^(?:[^@/]+@)?([^:/]+):(.+)$/.exec(s);
    if (m) {
      host = m[1]!;
      path = m[2]!;
    } else {
      host = 'file';
      path = s;
    }
  }
  path = path
    .replace(/[?#].*$/, '')
    .replace(/\\/g, '/')
    .split('/')
    .filter((p) => p && p !== '.')
    .join('/')
    .replace(/\.git$/i, '');
  host = host.toLowerCase();
  if (!path || !host) return undefined;
  return `${host}/${path}`.toLowerCase();
}

/** Whether a string is shaped like a project key (what the server accepts). */
export function isProjectKey(key: string): boolean {
  return /^[^\s/]+\/\S+$/.test(key) && key === key.toLowerCase();
}
