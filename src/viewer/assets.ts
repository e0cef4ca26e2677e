/**
 * @module viewer/assets
 * The prebuilt page (Vite's output in plugin/dist/viewer), loaded once into memory. Only files that
 * exist in that folder at start-up are ever served, so no request path can reach anything else.
 * The page carries the run's token in a meta tag: only same-origin code can read it.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createHash } from 'node:crypto';

const TOKEN_PLACEHOLDER = '__MNEMO_TOKEN__';

const TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.txt': 'text/plain; charset=utf-8',
  '.woff2': 'font/woff2',
};

export interface Asset {
  readonly body: Buffer;
  readonly type: string;
  readonly etag: string;
  /** Content-hashed file names can be cached for good. */
  readonly immutable: boolean;
}

/** Where the built page is: next to the bundle (plugin/dist/viewer) or, from sources, in the checkout's plugin/dist. */
export function findAssetsDir(start = dirname(fileURLToPath(import.meta.url))): string | undefined {
  let dir = start;
  for (let i = 0; i < 6; i++) {
    for (const candidate of [join(dir, 'viewer'), join(dir, 'plugin', 'dist', 'viewer')]) {
      if (existsSync(join(candidate, 'index.html'))) return candidate;
    }
    const up = dirname(dir);
    if (up === dir) break;
    dir = up;
  }
  return undefined;
}

function walk(dir: string, out: string[] = []): string[] {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

const FALLBACK_PAGE = `<!doctype html><meta charset="utf-8"><title>mnemo</title>
<p>The viewer's page is not built. Run <code>npm run build</code> in the mnemo checkout; the JSON API under <code>/api/</code> works meanwhile.</p>`;

/** The built page's files, read once at start and served from memory. */
export class Assets {
  readonly #files = new Map<string, Asset>();
  readonly #index: string;

  constructor(dir: string | undefined) {
    if (dir) {
      for (const file of walk(dir)) {
        const url = '/' + relative(dir, file).split(sep).join('/');
        if (url === '/index.html') continue;
        const body = readFileSync(file);
        this.#files.set(url, {
          body,
          type: TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
          etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
          immutable: url.startsWith('/assets/'),
        });
      }
    }
    this.#index = dir ? readFileSync(join(dir, 'index.html'), 'utf8') : FALLBACK_PAGE;
  }

  get built(): boolean {
    return this.#index !== FALLBACK_PAGE;
  }

  /** The page, with this run's token in it. */
  page(token: string): Buffer {
    return Buffer.from(this.#index.split(TOKEN_PLACEHOLDER).join(token));
  }

  get(pathname: string): Asset | undefined {
    return this.#files.get(pathname);
  }
}
