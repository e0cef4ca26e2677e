/**
 * The team server as an evaluation mode: a copy of an evaluation store shared in full — every project
 * shared with its history and pushed through the real outbox and sync engine to a fresh team on a real
 * PostgreSQL (MNEMO_TEST_PG_URL, else a throwaway cluster, test/helpers/pg) — and each question asked
 * of the server's search as a member, its hits mapped back to the store's ids by uid. The same records
 * as the local modes, so the two searches compare. As `mnemo search --team` does, the member's own store
 * tells the server which English words its katakana words stand for.
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../src/store/sqlite/driver.ts';
import { SqliteStore } from '../src/store/sqlite/sqlite-store.ts';
import type { TeamSearchTuning } from '../src/store/postgres/search.ts';
import { pushOutbox } from '../src/team/sync.ts';
import { teamFixture } from '../test/helpers/team-fixture.ts';

export interface TeamSearcher {
  /** Records pushed to the server. */
  readonly pushed: number;
  /** Ids (the store's) of the server's hits, best first; `tuning` leaves parts of the ranking out (ablations). */
  search(text: string, limit?: number, tuning?: TeamSearchTuning): Promise<number[]>;
  close(): Promise<void>;
}

export async function shareToTeam(dataDir: string): Promise<TeamSearcher> {
  const copy = mkdtempSync(join(tmpdir(), 'mnemo-eval-team-'));
  cpSync(dataDir, copy, { recursive: true });
  const path = join(copy, 'mnemo.db');
  const store = SqliteStore.open({ path, busyTimeoutMs: 5000 });
  const fx = await teamFixture();
  const team = await fx.team('eval');
  const server = await (await fx.member([team], { prefix: 'eval' })).open(team);
  const db = openDatabase({ path, busyTimeoutMs: 5000, readonly: true });
  const close = async () => {
    db.close();
    await server.close();
    await store.close();
    rmSync(copy, { recursive: true, force: true });
  };
  try {
    const projects = db.prepare('SELECT DISTINCT project FROM observations').pluck().all() as string[];
    for (const [i, p] of projects.entries()) store.team.share(p, `github.com/eval/p${i}`, { prompts: true, history: true });
    const pushed = await pushOutbox(store.team, server, { maxMs: 600_000 });
    if (pushed.error || pushed.waiting) throw new Error(`push stopped: ${JSON.stringify(pushed)}`);
    // A server in service has planner statistics; right after a bulk push, whether autovacuum has
    // gathered them yet is a matter of timing, and the search's counts and walk choices read them:
    // without this, repeated runs differed by up to 7 points of R@10.
    await fx.su('ANALYZE mnemo.records');
    const idOfUid = db.prepare('SELECT id FROM observations WHERE uid = ?').pluck();
    return {
      pushed: pushed.pushed,
      async search(text, limit = 20, tuning) {
        const loanwords = await store.loanwordsFor(text);
        const hits = await server.search({ query: text, limit, ...(Object.keys(loanwords).length ? { loanwords } : {}) }, tuning);
        return hits.flatMap((h) => {
          const id = idOfUid.get(h.record.uid) as number | undefined;
          return id === undefined ? [] : [id];
        });
      },
      close,
    };
  } catch (err) {
    await close();
    throw err;
  }
}
