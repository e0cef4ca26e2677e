// Who may talk to the viewer: loopback Host names only (DNS rebinding), no cross-site requests, the
// per-run token for changes, no CORS, a strict CSP, nothing served from outside the built page, and
// no third-party assets in the page.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { connect } from 'node:net';
import { startViewer } from '../../../src/viewer/index.ts';
import { resolveConfig } from '../../../src/config/config.ts';
import { SqliteStore } from '../../../src/store/sqlite/sqlite-store.ts';
import { dist, get, postJson, req, seedTwoProjects, startOn, tempDir, type Running } from './helpers.ts';

let run: Running;
let token: string;

before(async () => {
  const seeded = await seedTwoProjects('safety');
  run = await startOn(seeded.dataDir);
  token = run.viewer.token;
});
after(async () => {
  await run?.close();
});

describe('Host header', () => {
  test('loopback names with the right port are served', async () => {
    for (const host of [`127.0.0.1:${run.port}`, `localhost:${run.port}`, `LOCALHOST:${run.port}`, `[::1]:${run.port}`]) {
      const r = await get(run.port, '/api/health', { host });
      assert.equal(r.status, 200, host);
    }
  });

  test('anything else is refused before any work is done', async () => {
    for (const host of ['evil.example', `evil.example:${run.port}`, `127.0.0.1:${run.port + 1}`, '127.0.0.1', `127.0.0.1.nip.io:${run.port}`, `192.168.1.10:${run.port}`, `0.0.0.0:${run.port}`, '']) {
      for (const path of ['/api/health', '/', '/api/export', '/api/stream']) {
        const r = await get(run.port, path, { host });
        assert.equal(r.status, 403, `${host} ${path}`);
        assert.equal(r.json<{ error: { code: string } }>().error.code, 'FORBIDDEN_HOST');
      }
    }
  });
});

describe('cross-site requests', () => {
  test('Sec-Fetch-Site cross-site or same-site is refused on the API and assets', async () => {
    for (const site of ['cross-site', 'same-site']) {
      for (const path of ['/api/health', '/api/search?q=pool', '/api/export', '/api/stream', '/favicon.svg']) {
        const r = await get(run.port, path, { 'sec-fetch-site': site, 'sec-fetch-mode': 'cors' });
        assert.equal(r.status, 403, `${site} ${path}`);
        assert.equal(r.json<{ error: { code: string } }>().error.code, 'CROSS_SITE');
      }
    }
  });

  test('a person following a link to the page is let in (the page itself reveals nothing)', async () => {
    const r = await get(run.port, '/', { 'sec-fetch-site': 'cross-site', 'sec-fetch-mode': 'navigate', 'sec-fetch-dest': 'document' });
    assert.equal(r.status, 200);
    assert.equal(r.headers['x-frame-options'], 'DENY');
    assert.match(String(r.headers['content-security-policy']), /frame-ancestors 'none'/);
  });

  test('a foreign Origin is refused, even with the token', async () => {
    for (const origin of ['https://evil.example', 'http://localhost:1', 'null', `http://127.0.0.1:${run.port}.evil.example`]) {
      const g = await get(run.port, '/api/health', { origin });
      assert.equal(g.status, 403, `GET from ${origin}`);
      const p = await postJson(run.port, '/api/forget', { ids: [1] }, token, { origin });
      assert.equal(p.status, 403, `POST from ${origin}`);
    }
  });

  test('same-origin requests from the page pass', async () => {
    const origin = `http://127.0.0.1:${run.port}`;
    const r = await get(run.port, '/api/health', { origin, 'sec-fetch-site': 'same-origin' });
    assert.equal(r.status, 200);
    const p = await postJson(run.port, '/api/forget', { ids: [987654] }, token, { origin, 'sec-fetch-site': 'same-origin' });
    assert.equal(p.status, 200, p.text);
  });

  test('no answer carries CORS headers, and preflights are not answered', async () => {
    const r = await get(run.port, '/api/health', { origin: `http://127.0.0.1:${run.port}` });
    assert.equal(r.headers['access-control-allow-origin'], undefined);
    const pre = await req(run.port, 'OPTIONS', '/api/forget', { headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' } });
    assert.equal(pre.status, 403);
    const pre2 = await req(run.port, 'OPTIONS', '/api/forget');
    assert.equal(pre2.status, 405);
    assert.equal(pre2.headers['access-control-allow-origin'], undefined);
  });
});

describe('changes need the per-run token', () => {
  test('forget without the token, with a wrong one, or as a form post is refused', async () => {
    const body = JSON.stringify({ ids: [1] });
    const noToken = await req(run.port, 'POST', '/api/forget', { headers: { 'content-type': 'application/json' }, body });
    assert.equal(noToken.status, 403);
    assert.equal(noToken.json<{ error: { code: string } }>().error.code, 'BAD_TOKEN');
    const wrong = await req(run.port, 'POST', '/api/forget', { headers: { 'content-type': 'application/json', 'x-mnemo-token': token.slice(0, -1) + (token.endsWith('a') ? 'b' : 'a') }, body });
    assert.equal(wrong.status, 403);
    const form = await req(run.port, 'POST', '/api/forget', { headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-mnemo-token': token }, body: 'ids=1' });
    assert.equal(form.status, 415);
    const text = await req(run.port, 'POST', '/api/forget', { headers: { 'content-type': 'text/plain', 'x-mnemo-token': token }, body });
    assert.equal(text.status, 415);
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const m = await req(run.port, method, '/api/forget', { headers: { 'content-type': 'application/json' }, body });
      assert.equal(m.status, 403, method);
    }
    const stats = await get(run.port, '/api/stats');
    assert.ok(stats.json<{ observations: number }>().observations > 0, 'nothing was forgotten');
  });

  test('the page carries the token; each run has its own', async () => {
    const page = await get(run.port, '/');
    assert.equal(page.status, 200);
    assert.ok(page.text.includes(`content="${token}"`), 'token in the page');
    assert.ok(!page.text.includes('__MNEMO_TOKEN__'));
    assert.equal(page.headers['cache-control'], 'no-store');
    const other = await startOn(run.config.dataDir);
    try {
      assert.notEqual(other.viewer.token, token);
      assert.ok(token.length >= 32);
    } finally {
      await other.close();
    }
  });
});

describe('static files', () => {
  test('only the built page is served; traversal and unknown paths are 404', async () => {
    for (const path of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/assets/../../cli.js', '/cli.js', '/hook.js', '/src/main.tsx', '/.env']) {
      const r = await get(run.port, path);
      assert.ok(r.status === 404, `${path} → ${r.status}`);
      assert.ok(!r.text.includes('"name": "mnemo"') && !r.text.includes('root:'), path);
    }
  });

  test('assets are served with their type, a validator and long caching', async () => {
    const page = await get(run.port, '/');
    const js = /src="(\/assets\/[^"]+\.js)"/.exec(page.text)?.[1];
    const css = /href="(\/assets\/[^"]+\.css)"/.exec(page.text)?.[1];
    assert.ok(js && css, 'the page links its bundle and stylesheet');
    const a = await get(run.port, js);
    assert.equal(a.status, 200);
    assert.match(String(a.headers['content-type']), /^text\/javascript/);
    assert.match(String(a.headers['cache-control']), /immutable/);
    const again = await get(run.port, js, { 'if-none-match': String(a.headers.etag) });
    assert.equal(again.status, 304);
    assert.match(String((await get(run.port, css)).headers['content-type']), /^text\/css/);
    const head = await req(run.port, 'HEAD', '/');
    assert.equal(head.status, 200);
    assert.equal(head.text, '');
  });

  test('every answer has the security headers', async () => {
    for (const path of ['/', '/api/health', '/api/nope', '/favicon.svg']) {
      const r = await get(run.port, path);
      const csp = String(r.headers['content-security-policy']);
      assert.match(csp, /default-src 'none'/, path);
      assert.match(csp, /script-src 'self'/, path);
      assert.match(csp, /connect-src 'self'/, path);
      assert.equal(r.headers['x-content-type-options'], 'nosniff', path);
      assert.equal(r.headers['referrer-policy'], 'no-referrer', path);
    }
  });

  test('the built page loads nothing from elsewhere and has no inline script', () => {
    const dir = join(dist(), 'viewer');
    const files: string[] = [];
    const walk = (d: string) => {
      for (const n of readdirSync(d)) (statSync(join(d, n)).isDirectory() ? walk(join(d, n)) : files.push(join(d, n)));
    };
    walk(dir);
    assert.ok(files.some((f) => f.endsWith('.js')) && files.some((f) => f.endsWith('.css')));
    for (const f of files) {
      const text = readFileSync(f, 'utf8');
      // URLs inside the code are allowed only for the SVG namespace and similar identifiers, never to load from.
      const urls = [...text.matchAll(/https?:\/\/[^\s"'`)]+/g)].map((m) => m[0]).filter((u) => !/^http:\/\/www\.w3\.org\//.test(u));
      assert.deepEqual(urls, [], `${f} mentions ${urls.join(', ')}`);
      assert.doesNotMatch(text, /@import\s+url\(/i, f);
    }
    const html = readFileSync(join(dir, 'index.html'), 'utf8');
    assert.doesNotMatch(html, /<script(?![^>]*\bsrc=)[^>]*>/i, 'no inline script (the CSP would block it)');
    assert.doesNotMatch(html, /\sstyle=/i);
  });
});

describe('binding', () => {
  test('a non-loopback address is refused unless explicitly allowed', async () => {
    const dataDir = tempDir('mnemo-viewer-bind-');
    const config = resolveConfig({ MNEMO_DATA_DIR: dataDir });
    const store = SqliteStore.open({ path: config.dbPath, busyTimeoutMs: 1000 });
    try {
      for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com']) {
        await assert.rejects(startViewer({ store, config, version: 't', host, port: 0 }), /refusing to listen/, host);
      }
      const v = await startViewer({ store, config, version: 't', host: '127.0.0.1', port: 0 });
      assert.match(v.url, /^http:\/\/127\.0\.0\.1:\d+\/$/);
      await v.close();
    } finally {
      await store.close();
    }
  });

  test('a taken port is a clear error', async () => {
    const config = run.config;
    await assert.rejects(startViewer({ store: run.store, config, version: 't', port: run.port }), /in use/);
  });
});

describe('requests the parser refuses', () => {
  /** Writes raw bytes and reads until the server closes; a reset rejects. */
  const raw = (port: number, head: string, body: Buffer): Promise<string> =>
    new Promise((resolve, reject) => {
      const socket = connect({ host: '127.0.0.1', port });
      const chunks: Buffer[] = [];
      socket.on('data', (c: Buffer) => chunks.push(c));
      socket.on('end', () => {
        socket.end();
        resolve(Buffer.concat(chunks).toString('utf8'));
      });
      socket.on('error', reject);
      // The body goes in pieces, as a client still sending would: the answer arrives mid-upload.
      socket.write(head);
      let sent = 0;
      const pump = () => {
        while (sent < body.length && !socket.destroyed) {
          const piece = body.subarray(sent, sent + 4096);
          sent += piece.length;
          if (!socket.write(piece)) return void socket.once('drain', pump);
        }
      };
      pump();
    });

  test('an unknown method with a large body gets its 400, not a reset', async () => {
    for (let i = 0; i < 5; i++) {
      const body = Buffer.alloc(200_000, 'x');
      const answer = await raw(run.port, `BREW /api/health HTTP/1.1\r\nHost: 127.0.0.1:${run.port}\r\nContent-Length: ${body.length}\r\n\r\n`, body);
      assert.match(answer, /^HTTP\/1\.1 400 Bad Request\r\n/);
      assert.match(answer, /\r\nConnection: close\r\n/i);
      assert.equal(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)).error.code, 'BAD_REQUEST');
    }
  });

  test('headers past the limit are answered 431', async () => {
    const answer = await raw(run.port, `GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${run.port}\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`, Buffer.alloc(0));
    assert.match(answer, /^HTTP\/1\.1 431 /);
  });

  test('the server still answers ordinary requests afterwards', async () => {
    assert.equal((await get(run.port, '/api/health')).status, 200);
  });
});
