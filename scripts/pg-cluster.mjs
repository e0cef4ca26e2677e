// A throwaway PostgreSQL cluster for tests and benchmarks: initdb into a temporary directory,
// pg_ctl start on 127.0.0.1 at a free port with its Unix socket in that directory, and stop.
// initdb refuses to run as root, so as root every server program runs as the `postgres` system user
// of the Debian package (runuser). No PostgreSQL found is an error, never a skip.
//
// CLI (used by .ci/run):  node scripts/pg-cluster.mjs start DIR   → prints the superuser URL
//                         node scripts/pg-cluster.mjs stop DIR
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync, appendFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The directory of initdb/pg_ctl: $MNEMO_PG_BIN, pg_config --bindir, or the newest /usr/lib/postgresql/N/bin. */
export function pgBinDir() {
  if (process.env.MNEMO_PG_BIN) return process.env.MNEMO_PG_BIN;
  const root = '/usr/lib/postgresql';
  if (existsSync(root)) {
    const versions = readdirSync(root).filter((v) => existsSync(join(root, v, 'bin', 'initdb'))).sort((a, b) => Number(b) - Number(a));
    if (versions.length) return join(root, versions[0], 'bin');
  }
  const r = spawnSync('pg_config', ['--bindir'], { encoding: 'utf8' });
  if (r.status === 0 && existsSync(join(r.stdout.trim(), 'initdb'))) return r.stdout.trim();
  throw new Error('PostgreSQL server programs not found (install the Debian package `postgresql`, or set MNEMO_PG_BIN)');
}

const asRoot = typeof process.getuid === 'function' && process.getuid() === 0;

function runPg(bin, args, opts = {}) {
  const file = join(pgBinDir(), bin);
  const [cmd, argv] = asRoot ? ['runuser', ['-u', 'postgres', '--', file, ...args]] : [file, args];
  return execFileSync(cmd, argv, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], ...opts });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/**
 * Start a cluster in `dir` (created; a fresh temp dir by default). Local socket connections by the
 * superuser `postgres` are trusted; every other role logs in with a SCRAM password, over TCP or the
 * socket, as on a real server.
 * opts.ssl = { cert, key } (PEM files, copied into the cluster): TLS on; with `only`, TCP logins
 * must use it (hostssl). opts.listen: the loopback addresses to listen on (default 127.0.0.1).
 */
export async function startCluster(opts = {}) {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'mnemo-pg-'));
  mkdirSync(dir, { recursive: true });
  const data = join(dir, 'data');
  // A cluster started before in `dir` keeps its port (the last `port =` line of its configuration).
  const kept = existsSync(join(data, 'PG_VERSION')) ? [...readFileSync(join(data, 'postgresql.conf'), 'utf8').matchAll(/^port = (\d+)/gm)].pop()?.[1] : undefined;
  const port = kept ? Number(kept) : (opts.port ?? (await freePort()));
  if (asRoot) {
    chownSync(dir, uidOf('postgres'), gidOf('postgres'));
  }
  if (!existsSync(join(data, 'PG_VERSION'))) {
    runPg('initdb', ['-D', data, '-U', 'postgres', '-A', 'scram-sha-256', '--auth-local=trust', '--no-sync', '-E', 'UTF8', '--locale=C.UTF-8', '--no-instructions'], { cwd: dir });
    // Superuser by socket only; everyone else by password.
    const host = opts.ssl?.only ? 'hostssl' : 'host';
    writeFileSync(
      join(data, 'pg_hba.conf'),
      ['local all postgres trust', 'local all all scram-sha-256', `${host} all all 127.0.0.0/8 scram-sha-256`, `${host} all all ::1/128 scram-sha-256`, ''].join('\n'),
    );
    if (asRoot) chownSync(join(data, 'pg_hba.conf'), uidOf('postgres'), gidOf('postgres'));
    const tls = [];
    if (opts.ssl) {
      // The server refuses a key that others can read; as root, the server's user must own both files.
      for (const [name, from] of [['server.crt', opts.ssl.cert], ['server.key', opts.ssl.key]]) {
        writeFileSync(join(data, name), readFileSync(from), { mode: 0o600 });
        if (asRoot) chownSync(join(data, name), uidOf('postgres'), gidOf('postgres'));
      }
      tls.push('ssl = on', "ssl_cert_file = 'server.crt'", "ssl_key_file = 'server.key'");
    }
    appendFileSync(
      join(data, 'postgresql.conf'),
      [
        `port = ${port}`,
        `listen_addresses = '${(opts.listen ?? ['127.0.0.1']).join(',')}'`,
        `unix_socket_directories = '${dir}'`,
        // No fsync (a test cluster need not survive a power cut), but commits are written before they
        // are acknowledged: tests stop the server with -m immediate (a crash), and a crash must not
        // lose what a client was told is committed.
        'fsync = off',
        'full_page_writes = off',
        'max_connections = 200',
        'shared_buffers = 256MB',
        'maintenance_work_mem = 256MB',
        "log_min_messages = warning",
        ...tls,
        '',
      ].join('\n'),
    );
  }
  const log = join(dir, 'server.log');
  start(data, log);
  return { dir, data, port, host: dir, url: `postgres://postgres@127.0.0.1:${port}/postgres?host=${encodeURIComponent(dir)}`, log };
}

function start(data, log) {
  runPg('pg_ctl', ['-D', data, '-l', log, '-w', '-t', '60', 'start']);
}

/** Stop (fast: active sessions are cut) and optionally start again: a server restart mid-test. */
export function restartCluster(cluster, mode = 'fast') {
  runPg('pg_ctl', ['-D', cluster.data, '-m', mode, '-w', 'stop']);
  start(cluster.data, cluster.log);
}

export function stopCluster(cluster, { remove = true } = {}) {
  try {
    runPg('pg_ctl', ['-D', cluster.data ?? join(cluster.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  } catch {
    // already stopped
  }
  if (remove) rmSync(cluster.dir, { recursive: true, force: true });
}

function uidOf(user) {
  return Number(execFileSync('id', ['-u', user], { encoding: 'utf8' }).trim());
}
function gidOf(user) {
  return Number(execFileSync('id', ['-g', user], { encoding: 'utf8' }).trim());
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [cmd, dir] = process.argv.slice(2);
  if (cmd === 'start' && dir) {
    const c = await startCluster({ dir });
    process.stdout.write(`${c.url}\n`);
  } else if (cmd === 'stop' && dir) {
    stopCluster({ dir }, { remove: true });
  } else {
    process.stderr.write('usage: node scripts/pg-cluster.mjs start|stop DIR\n');
    process.exit(2);
  }
}
