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
 * Entries that a contentless delete tombstoned are skipped (a rowid deleted and indexed again lives
 * only in the newer segment).
 *
 * Query text becomes index terms through the index's own tokenizer (a one-row temporary FTS5 table with
 * the same `tokenize=` options), so stemming and diacritics match what MATCH does.
 */
import {
  compareBytes,
  decodePoslist,
  doclistsOnPage,
  firstTermAt,
  Fts5FormatError,
  leafHeader,
  parseStructure,
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
const leafId = (segment: number, page: number): number => segment * 2 ** 37 + page;
/** Past 2^53: a BigInt. */
const tombstoneId = (segment: number, page: number): bigint => (BigInt(segment + 65536) << 37n) + BigInt(page);

class PageReader {
  readonly #db: SqliteDb;
  readonly #pages = new Map<number | bigint, Uint8Array | null>();
  constructor(db: SqliteDb) {
    this.#db = db;
  }
  /** A %_data record (leaf ids are below 2^53: segment ids stay far below 2^16). */
  get(id: number | bigint): Uint8Array | null {
    let page = this.#pages.get(id);
    if (page === undefined) {
      page = (stmt(this.#db, 'SELECT block FROM observations_fts_data WHERE id = ?').pluck().get(typeof id === 'bigint' ? id : BigInt(id)) as Uint8Array | undefined) ?? null;
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

/** Receives each entry of a doclist within [lo, hi]: its rowid and poslist (undefined when `decode` declined it). */
type Sink = (rowid: number, poslist: Uint8Array | undefined) => void;

/** Where a doclist is: its segment, page, the offsets it starts and stops at there, and the last page it may reach. */
interface DoclistAt {
  readonly seg: Segment;
  readonly page: number;
  readonly start: number;
  readonly end: number;
  /** The next page where a term starts (or the segment's last): only a page's last doclist runs onto later pages. */
  readonly last: number;
  readonly spans: boolean;
}

/** Which rows a walk wants: all of lo…hi, or (`next`) only some, so that pages holding none are skipped. */
interface Wanted {
  readonly lo: number;
  readonly hi: number;
  /** Whether to read a row's poslist (else it is reported as holding the term, unread). */
  readonly decode: (rowid: number) => boolean;
  /** The first wanted rowid after `rowid`, when only some are wanted (undefined: none is left). */
  readonly next?: (rowid: number) => number | undefined;
}

/**
 * Report a doclist's entries with lo ≤ rowid ≤ hi, seeking to lo by the whole rowids that start pages,
 * and with `next`, leaping over pages that cannot hold the next wanted row.
 */
function walkDoclist(pages: PageReader, at: DoclistAt, want: Wanted, sink: Sink): void {
  const { lo, hi, decode } = want;
  const { seg } = at;
  let from = at.page;
  if (at.spans) {
    // Binary search for the last page whose first rowid is ≤ lo. A page without one (a page of one
    // long poslist, or one whose first term comes first) makes the search start earlier: slower, not wrong.
    let a = at.page;
    let b = at.last + 1;
    while (b - a > 1) {
      const m = (a + b) >> 1;
      const p = pages.leaf(seg.id, m);
      const { firstRowid } = leafHeader(p);
      if (firstRowid !== 0 && varintAt(p, firstRowid)[0] <= lo) a = m;
      else b = m;
    }
    from = a;
  }

  let pg = from;
  let buf = pages.leaf(seg.id, pg);
  let { size, firstRowid } = leafHeader(buf);
  let off = from === at.page ? at.start : firstRowid;
  // Where the doclist stops on this page: the next term's start, or the page's end when it runs on.
  let stop = from === at.page ? at.end : Math.min(firstTermAt(buf), size);
  let rowid = 0;
  let first = true;
  // With `next`: the least wanted rowid not yet passed.
  let sought = want.next ? want.next(lo - 1) : undefined;
  const load = (page: number) => {
    buf = pages.leaf(seg.id, (pg = page));
    ({ size, firstRowid } = leafHeader(buf));
    stop = firstTermAt(buf);
  };
  const nextPage = (): boolean => {
    if (pg >= at.last || pg >= seg.lastPage) return false;
    load(pg + 1);
    return true;
  };
  /** The first rowid stored whole on a page of the doclist, if any. */
  const firstOn = (page: number): number | undefined => {
    const p = pages.leaf(seg.id, page);
    const { firstRowid: f } = leafHeader(p);
    return f === 0 ? undefined : varintAt(p, f)[0];
  };
  /** Move to the last page after the next whose first rowid is ≤ w (galloping, then bisecting); false when that is the next page. */
  const leap = (w: number): boolean => {
    let good = 0;
    let bad = at.last + 1;
    for (let step = 1; pg + step <= at.last; step *= 2) {
      const r = firstOn(pg + step);
      if (r === undefined || r > w) {
        bad = pg + step;
        break;
      }
      good = pg + step;
    }
    if (good <= pg + 1) return false;
    while (bad - good > 1) {
      const m = (good + bad) >> 1;
      const r = firstOn(m);
      if (r !== undefined && r <= w) good = m;
      else bad = m;
    }
    load(good);
    return true;
  };

  for (;;) {
    if (off >= stop) {
      if (stop < size) return;
      while (sought !== undefined && sought <= rowid) sought = want.next!(sought);
      const w = want.next ? sought : undefined;
      if (want.next && w === undefined) return;
      if (w === undefined || !leap(w)) {
        if (!nextPage()) return;
        if (firstRowid === 0) return; // the next page starts with a term: the doclist ended with the last one
      }
      off = firstRowid;
    }
    // The doclist's first rowid and a page's first are whole (also after a poslist spilled onto the page), the others deltas.
    const startsAt = off;
    // One-byte varints inline: most deltas and sizes are; the loop meets every entry of the pages it reads.
    let v = buf[off]!;
    if (v < 0x80) off++;
    else [v, off] = varintAt(buf, off);
    rowid = first || startsAt === firstRowid ? v : rowid + v;
    first = false;
    if (rowid > hi) return;
    // The poslist's size, which may be the first thing on the next page.
    if (off >= size) {
      if (!nextPage()) throw new Fts5FormatError('doclist ends inside an entry');
      off = 4;
    }
    let header = buf[off]!;
    if (header < 0x80) off++;
    else [header, off] = varintAt(buf, off);
    let need = Math.floor(header / 2);
    let inRange: boolean;
    let keep: boolean;
    if (sought !== undefined) {
      // Only some rows wanted: compare with the next one rather than probing a set at every entry.
      while (sought !== undefined && sought < rowid) sought = want.next!(sought);
      inRange = keep = rowid === sought && need > 0;
    } else {
      inRange = rowid >= lo && need > 0;
      keep = inRange && decode(rowid);
    }
    if (off + need <= size) {
      // The poslist is on this page (nearly always).
      if (keep) sink(rowid, buf.subarray(off, off + need));
      else if (inRange && !want.next) sink(rowid, undefined);
      off += need;
      continue;
    }
    const parts: Uint8Array[] = [];
    for (;;) {
      const take = Math.min(need, size - off);
      if (keep) parts.push(buf.subarray(off, off + take));
      off += take;
      need -= take;
      if (need === 0) break;
      if (!nextPage()) throw new Fts5FormatError('poslist runs past the segment');
      off = 4;
    }
    if (keep) sink(rowid, concat(parts));
    else if (inRange && !want.next) sink(rowid, undefined);
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
 * lo…hi: rowid → occurrences (in no particular order when a prefix spans several terms; none read for
 * rowids `decode` declines, which are only known to hold it).
 */
function termOccurrences(db: SqliteDb, pages: PageReader, segments: readonly Segment[], key: Uint8Array, prefix: boolean, want: Wanted): Map<number, Occurrence[]> {
  const out = new Map<number, Occurrence[]>();
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
      const occ = poslist ? decodePoslist(poslist) : [];
      const list = fresh.get(rowid);
      if (list) list.push(...occ);
      else fresh.set(rowid, occ);
    };
    for (let s = 0; s < starts.length; s++) {
      const page = Math.max(starts[s]!, seg.firstPage);
      if (page > seg.lastPage) continue;
      const last = s + 1 < starts.length ? starts[s + 1]! : bound;
      for (const d of doclistsOnPage(pages.leaf(seg.id, page), key, prefix)) {
        walkDoclist(pages, { seg, page, start: d.start, end: d.end, last, spans: d.last }, want, sink);
      }
    }
    for (const [rowid, occ] of fresh) {
      if (seg.tombstonePages > 0) {
        const page = pages.get(tombstoneId(seg.id, rowid % seg.tombstonePages));
        if (page && tombstoned(page, seg.tombstonePages, rowid)) continue;
      }
      // A row may be in two segments while a merge moves its terms (those before some term in one, the
      // rest in the other): a prefix's terms then add up.
      const list = out.get(rowid);
      if (list) list.push(...occ);
      else out.set(rowid, occ);
    }
  }
  return out;
}

const keyOf = (term: string): Buffer => Buffer.concat([Buffer.of(MAIN_INDEX), Buffer.from(term, 'utf8')]);

/** Which documents a RangePostings reads. */
export type PostingsScope =
  /** Every document with lo ≤ rowid ≤ hi; `origins`: the least and greatest `%_docsize` origin of those that matter. */
  | { readonly lo: number; readonly hi: number; readonly origins?: readonly [number, number] }
  /** Only these rowids (ascending): pages that hold none of them are leapt over. */
  | { readonly only: readonly number[] };

/** Reads where query units occur in a set of documents (one per search list: pages are cached). */
export class RangePostings {
  readonly #db: SqliteDb;
  readonly #lo: number;
  readonly #hi: number;
  readonly #only: readonly number[] | undefined;
  readonly #onlySet: ReadonlySet<number> | undefined;
  readonly #pages: PageReader;
  readonly #segments: readonly Segment[];

  /**
   * With `origins`, only segments written by those flushes are read (a row's flush is its origin);
   * rows of the range outside them may then go uncounted.
   */
  constructor(db: SqliteDb, scope: PostingsScope) {
    this.#db = db;
    this.#pages = new PageReader(db);
    const block = this.#pages.get(10);
    const all = block ? parseStructure(block) : [];
    if ('only' in scope) {
      this.#only = scope.only;
      this.#onlySet = new Set(scope.only);
      this.#lo = scope.only[0] ?? 1;
      this.#hi = scope.only[scope.only.length - 1] ?? 0;
      this.#segments = all;
    } else {
      this.#lo = scope.lo;
      this.#hi = scope.hi;
      const o = scope.origins;
      this.#segments = o ? all.filter((s) => !s.origins || (s.origins[0] <= o[1] && s.origins[1] >= o[0])) : all;
    }
  }

  /**
   * Occurrences of `unit` — a phrase, its last token a prefix when `prefix` — in the documents:
   * rowid → the occurrence of the phrase's first token for each place the whole phrase occurs. Rows
   * outside `wanted` (when given) may be listed with no occurrences: they hold the unit, uncounted.
   */
  unit(unit: QueryUnit, prefix: boolean, wanted?: ReadonlySet<number>): Map<number, Occurrence[]> {
    const terms = indexTerms(this.#db, unit.tokens.join(' '));
    if (terms.length === 0 || this.#lo > this.#hi) return new Map();
    const each = terms.map((t, i) => termOccurrences(this.#db, this.#pages, this.#segments, keyOf(t), prefix && i === terms.length - 1, this.#want(terms.length > 1 ? undefined : wanted)));
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

  /** A single term's counts only matter in `wanted`; a phrase needs every term's positions. */
  #want(wanted: ReadonlySet<number> | undefined): Wanted {
    const only = this.#only;
    const onlySet = this.#onlySet;
    if (!only || !onlySet) return { lo: this.#lo, hi: this.#hi, decode: wanted ? (rowid) => wanted.has(rowid) : () => true };
    return {
      lo: this.#lo,
      hi: this.#hi,
      decode: (rowid) => onlySet.has(rowid),
      next: (rowid) => {
        let a = 0;
        let b = only.length;
        while (a < b) {
          const m = (a + b) >> 1;
          if (only[m]! <= rowid) a = m + 1;
          else b = m;
        }
        return only[a];
      },
    };
  }
}

/** Occurrences of `unit` in the documents lo…hi (see RangePostings.unit). */
export function unitOccurrences(db: SqliteDb, unit: QueryUnit, prefix: boolean, lo: number, hi: number, wanted?: ReadonlySet<number>): Map<number, Occurrence[]> {
  return new RangePostings(db, { lo, hi }).unit(unit, prefix, wanted);
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
