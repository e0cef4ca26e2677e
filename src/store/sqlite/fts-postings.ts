/**
 * @module store/sqlite/fts-postings
 * Where a query unit occurs — column and token offset — in the documents of one rowid range, read from
 * the full-text index's own pages (format: core/search/fts5-format). This is what FTS5's `bm25()` counts
 * per row through `xInst`, which SQLite offers only to C; the documents' text is not needed (the index
 * is contentless, and tokenizing a window again would cost ~25 ms).
 *
 * Per segment and term: the `%_idx` b-tree names the page the term starts on, a binary search over the
 * pages its doclist spans (each page's first rowid is stored whole) finds the range, and only the
 * range's entries are decoded: a few page reads per term and segment, whatever the history's size.
 * Entries that a contentless delete tombstoned are skipped, and a rowid present in several segments is
 * taken from the newest, as FTS5's own iterators do.
 *
 * Query text becomes index terms through the index's own tokenizer (a one-row temporary FTS5 table with
 * the same `tokenize=` options), so stemming and diacritics match what MATCH does.
 */
import {
  compareBytes,
  decodePoslist,
  Fts5FormatError,
  leafHeader,
  parseStructure,
  termsOnPage,
  tombstoned,
  varintAt,
  type Occurrence,
  type Segment,
} from '../../core/search/fts5-format.ts';
import type { QueryUnit } from '../../core/search/query-plan.ts';
import type { SqliteDb } from './driver.ts';
import { stmt } from './statements.ts';

/** FTS5's key for a term of its main index: the prefix byte '0', then the term's UTF-8 bytes. */
const MAIN_INDEX = 0x30;
/** A prefix that expands to more terms than this (per segment) is not worth decoding. */
const MAX_PREFIX_TERMS = 64;

export { Fts5FormatError };

/** The %_data id of a leaf page, or of a tombstone page (segment ids offset by 2^16). */
const leafId = (segment: number, page: number): bigint => (BigInt(segment) << 37n) + BigInt(page);
const tombstoneId = (segment: number, page: number): bigint => (BigInt(segment + 65536) << 37n) + BigInt(page);

class PageReader {
  readonly #db: SqliteDb;
  readonly #pages = new Map<bigint, Uint8Array | null>();
  constructor(db: SqliteDb) {
    this.#db = db;
  }
  get(id: bigint): Uint8Array | null {
    let page = this.#pages.get(id);
    if (page === undefined) {
      page = (stmt(this.#db, 'SELECT block FROM observations_fts_data WHERE id = ?').pluck().get(id) as Uint8Array | undefined) ?? null;
      this.#pages.set(id, page);
    }
    return page;
  }
  leaf(segment: number, page: number): Uint8Array {
    const p = this.get(leafId(segment, page));
    if (!p) throw new Fts5FormatError(`leaf page ${page} of segment ${segment} is missing`);
    return p;
  }
}

/** Entries of one segment's doclist within [lo, hi]: rowid → its poslist bytes. */
type Sink = (rowid: number, poslist: Uint8Array) => void;

/**
 * Walk a doclist that starts at `start` on page `page` and may continue up to page `last` (the next page
 * where a term starts, or the segment's end), reporting entries with lo ≤ rowid ≤ hi.
 */
function walkDoclist(pages: PageReader, seg: Segment, page: number, start: number, spans: boolean, last: number, lo: number, hi: number, sink: Sink): void {
  // Seek: the last page within the doclist whose first rowid (stored whole) is ≤ lo.
  let from = page;
  let fromRowid = -1;
  if (spans) {
    let a = page;
    let b = last + 1;
    while (b - a > 1) {
      const m = (a + b) >> 1;
      const p = pages.leaf(seg.id, m);
      const { firstRowid } = leafHeader(p);
      // No rowid before the page's first term: a page of one long poslist, or the doclist ended. Either
      // way, starting earlier is correct, only slower.
      if (firstRowid === 0) b = m;
      else {
        const [r] = varintAt(p, firstRowid);
        if (r <= lo) (a = m), (fromRowid = r);
        else b = m;
      }
    }
    from = a;
  }

  let pg = from;
  let buf = pages.leaf(seg.id, pg);
  let { size } = leafHeader(buf);
  let terms = termsOnPage(buf);
  // Where the doclist stops on the current page: the next term's start, else the page's end.
  const stopOn = (after: number) => terms.find((t) => t.at >= after)?.at ?? size;
  let off = from === page ? start : leafHeader(buf).firstRowid;
  let rowid = fromRowid;
  let stop = stopOn(off);
  let first = true;
  const nextPage = (): boolean => {
    if (pg >= last || pg >= seg.lastPage) return false;
    pg++;
    buf = pages.leaf(seg.id, pg);
    ({ size } = leafHeader(buf));
    terms = termsOnPage(buf);
    return true;
  };

  for (;;) {
    // The rowid: the doclist's first and a page's first are whole, the others are deltas.
    if (off >= stop) {
      if (stop < size || !nextPage()) return;
      const at = leafHeader(buf).firstRowid;
      if (at === 0) return; // the next page starts with a term: the doclist ended with the last page
      [rowid, off] = varintAt(buf, at);
      stop = stopOn(off);
    } else if (first && from !== page) {
      [, off] = varintAt(buf, off); // the page's first rowid, already known from the seek
    } else if (first || off === leafHeader(buf).firstRowid) {
      // The first rowid that starts on a page is whole, also after a poslist that spilled onto it.
      [rowid, off] = varintAt(buf, off);
    } else {
      let delta: number;
      [delta, off] = varintAt(buf, off);
      rowid += delta;
    }
    first = false;
    if (rowid > hi) return;
    // The poslist's size, which may be the first thing on the next page.
    if (off >= size) {
      if (!nextPage()) throw new Fts5FormatError('doclist ends inside an entry');
      off = 4;
    }
    let header: number;
    [header, off] = varintAt(buf, off);
    let need = header >> 1;
    const want = rowid >= lo && need > 0;
    const parts: Uint8Array[] = [];
    for (;;) {
      const take = Math.min(need, size - off);
      if (want) parts.push(buf.subarray(off, off + take));
      off += take;
      need -= take;
      if (need === 0) break;
      if (!nextPage()) throw new Fts5FormatError('poslist runs past the segment');
      off = 4;
    }
    stop = stopOn(off);
    if (want) sink(rowid, parts.length === 1 ? parts[0]! : concat(parts));
  }
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) (out.set(p, at), (at += p.length));
  return out;
}

/** Whether `term` is `key`, or for a prefix, starts with it. */
function matches(term: Uint8Array, key: Uint8Array, prefix: boolean): boolean {
  if (!prefix) return compareBytes(term, key) === 0;
  if (term.length < key.length) return false;
  for (let i = 0; i < key.length; i++) if (term[i] !== key[i]) return false;
  return true;
}

/**
 * Occurrences of an index term (or, for `prefix`, of every term starting with it) in the documents
 * lo…hi: rowid → occurrences, in no particular order when a prefix spans several terms.
 */
function termOccurrences(db: SqliteDb, pages: PageReader, segments: readonly Segment[], key: Uint8Array, prefix: boolean, lo: number, hi: number): Map<number, Occurrence[]> {
  const out = new Map<number, Occurrence[]>();
  // Rowids already taken from a newer segment (a rowid's newest entry is its only live one).
  const claimed = new Set<number>();
  const idx = stmt(
    db,
    `SELECT term, pgno FROM observations_fts_idx WHERE segid = @seg
       AND term >= coalesce((SELECT max(term) FROM observations_fts_idx WHERE segid = @seg AND term <= @key), x'')
     ORDER BY term LIMIT @limit`,
  );
  for (const seg of segments) {
    const rows = idx.all({ seg: seg.id, key, limit: prefix ? MAX_PREFIX_TERMS + 2 : 2 }) as { term: Uint8Array; pgno: number }[];
    // Pages where a matching term may start: the one whose first term is ≤ key, and (for a prefix) those
    // whose first term is in its range; the page after the last of them bounds the last doclist.
    const starts: number[] = [];
    let bound = seg.lastPage;
    for (let i = 0; i < rows.length; i++) {
      const r = rows[i]!;
      if (i === 0 || (prefix && (compareBytes(r.term, key) <= 0 || matches(r.term, key, true)))) {
        starts.push(r.pgno >> 1);
        continue;
      }
      bound = r.pgno >> 1;
      break;
    }
    if (prefix && rows.length === MAX_PREFIX_TERMS + 2 && bound === seg.lastPage) throw new Fts5FormatError('prefix expands to too many terms');
    const fresh = new Map<number, Occurrence[]>();
    const sink: Sink = (rowid, poslist) => {
      if (claimed.has(rowid)) return;
      const list = fresh.get(rowid);
      const occ = decodePoslist(poslist);
      if (list) list.push(...occ);
      else fresh.set(rowid, occ);
    };
    for (let s = 0; s < starts.length; s++) {
      const page = Math.max(starts[s]!, seg.firstPage);
      if (page > seg.lastPage) continue;
      const next = s + 1 < starts.length ? starts[s + 1]! : bound;
      const onPage = termsOnPage(pages.leaf(seg.id, page));
      onPage.forEach((t, i) => {
        if (!matches(t.term, key, prefix)) return;
        // Only a page's last term can run onto the pages after it.
        walkDoclist(pages, seg, page, t.doclist, i === onPage.length - 1, next, lo, hi, sink);
      });
    }
    for (const [rowid, occ] of fresh) {
      if (seg.tombstonePages > 0) {
        const page = pages.get(tombstoneId(seg.id, rowid % seg.tombstonePages));
        if (page && tombstoned(page, seg.tombstonePages, rowid)) continue;
      }
      claimed.add(rowid);
      const list = out.get(rowid);
      if (list) list.push(...occ);
      else out.set(rowid, occ);
    }
  }
  return out;
}

const keyOf = (term: string): Buffer => Buffer.concat([Buffer.of(MAIN_INDEX), Buffer.from(term, 'utf8')]);

/**
 * Occurrences of `unit` — a phrase, its last token a prefix when `unit.prefix` — in the documents lo…hi:
 * rowid → the occurrence of the phrase's first token for each place the whole phrase occurs.
 */
export function unitOccurrences(db: SqliteDb, unit: QueryUnit, prefix: boolean, lo: number, hi: number): Map<number, Occurrence[]> {
  const terms = indexTerms(db, unit.tokens.join(' '));
  if (terms.length === 0) return new Map();
  const block = stmt(db, 'SELECT block FROM observations_fts_data WHERE id = 10').pluck().get({}) as Uint8Array | undefined;
  if (!block) return new Map();
  const segments = parseStructure(block);
  const pages = new PageReader(db);
  const each = terms.map((t, i) => termOccurrences(db, pages, segments, keyOf(t), prefix && i === terms.length - 1, lo, hi));
  if (each.length === 1) return each[0]!;
  // A phrase occurs where its k-th term sits k tokens after its first.
  const rest = each.slice(1).map((m) => new Map([...m].map(([rowid, occ]) => [rowid, new Set(occ)])));
  const out = new Map<number, Occurrence[]>();
  for (const [rowid, occ] of each[0]!) {
    const sets = rest.map((m) => m.get(rowid));
    if (sets.some((s) => !s)) continue;
    const hits = occ.filter((o) => sets.every((s, k) => s!.has(o + k + 1)));
    if (hits.length) out.set(rowid, hits);
  }
  return out;
}

/** The index's tokenizer options, from its CREATE statement. */
function tokenizerOf(db: SqliteDb): string {
  const sql = stmt(db, "SELECT sql FROM sqlite_schema WHERE name = 'observations_fts'").pluck().get({}) as string | undefined;
  const m = /tokenize\s*=\s*'((?:[^']|'')*)'/i.exec(sql ?? '');
  return m ? m[1]!.replace(/''/g, "'") : 'unicode61';
}

const termCache = new WeakMap<SqliteDb, Map<string, string[]>>();

/** The index terms `text` tokenizes to, in order (the tokenizer of observations_fts, via a temporary table). */
export function indexTerms(db: SqliteDb, text: string): string[] {
  let cache = termCache.get(db);
  if (!cache) termCache.set(db, (cache = new Map()));
  const hit = cache.get(text);
  if (hit) return hit;
  const exists = stmt(db, "SELECT count(*) FROM temp.sqlite_schema WHERE name = 'mnemo_query_tokens'").pluck().get({}) as number;
  if (!exists) {
    db.exec(
      `CREATE VIRTUAL TABLE temp.mnemo_query_tokens USING fts5(t, tokenize='${tokenizerOf(db).replace(/'/g, "''")}');
       CREATE VIRTUAL TABLE temp.mnemo_query_tokens_v USING fts5vocab(temp, mnemo_query_tokens, instance);`,
    );
  }
  stmt(db, 'INSERT INTO temp.mnemo_query_tokens (rowid, t) VALUES (1, ?)').run(text);
  try {
    const terms = stmt(db, 'SELECT term FROM temp.mnemo_query_tokens_v WHERE doc = 1 ORDER BY offset').pluck().all({}) as string[];
    if (cache.size > 1000) cache.clear();
    cache.set(text, terms);
    return terms;
  } finally {
    stmt(db, 'DELETE FROM temp.mnemo_query_tokens').run({});
  }
}
