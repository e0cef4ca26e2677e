/**
 * @module core/search/fts5-format
 * The parts of FTS5's on-disk format (fts5_index.c, `%_data` records) that window BM25 reads to learn
 * how often each query term occurs in each column of a few hundred documents. SQLite offers that only
 * to auxiliary functions written in C (`xInstCount`), and tokenizing the documents again costs ~25 ms a
 * window; the index's own position lists cost a few page reads.
 *
 * - Structure record: a 4-byte cookie, an optional V2 marker (contentless_delete tables), varints: levels,
 *   segments, write counter; per level: segments in an ongoing merge, segments; per segment (oldest first):
 *   id, first page, last page, and in V2 origin range, tombstone pages, tombstone entries, entries.
 * - Leaf page: u16 offset of the first rowid when it comes before the first term (else 0), u16 start of
 *   the footer (the page's size without it); terms (the page's first one whole, later ones as
 *   shared-prefix length + suffix), each followed by its doclist: the first rowid, then deltas, each with
 *   a poslist (varint size × 2 + delete flag, then positions). The footer lists the terms' offsets
 *   (the first absolute, then deltas). A doclist continues on the next pages; the first rowid that starts
 *   on a page is absolute. Varints never straddle pages, poslists do.
 * - Poslist: column 0's positions, then 0x01, a column number and its positions; each position is
 *   written as (delta from the previous one in its column) + 2.
 * - Tombstone page (contentless_delete): key size (4 or 8), a flag for rowid 0, then big-endian rowids
 *   in an open-addressed hash from byte 8; 0 is an empty slot.
 *
 * Pure: bytes in, values out.
 */

/** One varint at `off` (SQLite's format: big-endian, 7 bits a byte, the ninth byte whole): [value, next offset]. */
export function varintAt(buf: Uint8Array, off: number): [number, number] {
  let v = 0;
  for (let n = 0; off < buf.length; n++) {
    const byte = buf[off++]!;
    if (n === 8) return [v * 256 + byte, off];
    v = v * 128 + (byte & 0x7f);
    if (byte < 0x80) return [v, off];
  }
  throw new Fts5FormatError('varint runs past the end of its record');
}

/** The bytes do not have the shape this module expects (another FTS5 version, or corruption). */
export class Fts5FormatError extends Error {}

/** One segment of the index. */
export interface Segment {
  readonly id: number;
  readonly firstPage: number;
  readonly lastPage: number;
  /** Pages of its contentless-delete tombstone hash (0: nothing deleted from it). */
  readonly tombstonePages: number;
  /**
   * The flushes its rows came from (V2 only): a row's flush is its `origin` in `%_docsize`, so a
   * segment outside a range's origins holds none of its rows.
   */
  readonly origins?: readonly [number, number];
}

const V2_MARKER = [0xff, 0x00, 0x00, 0x01];

/** The index's segments, newest first (level 0 first; within a level, the newest last in the record). */
export function parseStructure(block: Uint8Array): Segment[] {
  let off = 4;
  const v2 = V2_MARKER.every((b, i) => block[4 + i] === b);
  if (v2) off += 4;
  let levels: number;
  [levels, off] = varintAt(block, off);
  [, off] = varintAt(block, off); // segments in all
  [, off] = varintAt(block, off); // write counter
  const out: Segment[] = [];
  for (let l = 0; l < levels; l++) {
    let count: number;
    [, off] = varintAt(block, off); // in an ongoing merge
    [count, off] = varintAt(block, off);
    const level: Segment[] = [];
    for (let s = 0; s < count; s++) {
      const f: number[] = [];
      for (let k = 0; k < (v2 ? 8 : 3); k++) {
        let v: number;
        [v, off] = varintAt(block, off);
        f.push(v);
      }
      level.push({ id: f[0]!, firstPage: f[1]!, lastPage: f[2]!, tombstonePages: v2 ? f[5]! : 0, ...(v2 && { origins: [f[3]!, f[4]!] as const }) });
    }
    out.push(...level.reverse());
  }
  return out;
}

/** A leaf page's header: where its first rowid is (0: none before its first term), where its footer starts. */
export function leafHeader(page: Uint8Array): { firstRowid: number; size: number } {
  if (page.length < 4) throw new Fts5FormatError('leaf page shorter than its header');
  const size = (page[2]! << 8) | page[3]!;
  if (size > page.length || size < 4) throw new Fts5FormatError('leaf page size out of range');
  return { firstRowid: (page[0]! << 8) | page[1]!, size };
}

/** Where the first term on a leaf page starts (its footer's first offset), or the page's size when none does. */
export function firstTermAt(page: Uint8Array): number {
  const { size } = leafHeader(page);
  return size < page.length ? varintAt(page, size)[0] : size;
}

/** A doclist on a leaf page: where it starts, where the next term starts (or the page's size), whether it is the page's last. */
export interface DoclistOnPage {
  readonly start: number;
  readonly end: number;
  readonly last: boolean;
}

/**
 * The doclists of the terms on a leaf page that equal `key` (or, for `prefix`, start with it). Terms are
 * compared in place as the page's footer lists them, and the walk stops past the key's range.
 */
export function doclistsOnPage(page: Uint8Array, key: Uint8Array, prefix: boolean): DoclistOnPage[] {
  const { size } = leafHeader(page);
  const out: DoclistOnPage[] = [];
  const term = new Uint8Array(1024);
  let termLength = 0;
  let at = 0;
  let pending: number | undefined; // doclist start of a matching term whose end is the next term's start
  for (let f = size, first = true; f < page.length; first = false) {
    let delta: number;
    [delta, f] = varintAt(page, f);
    at += delta;
    if (pending !== undefined) out.push({ start: pending, end: at, last: false }), (pending = undefined);
    let off = at;
    let shared = 0;
    if (!first) [shared, off] = varintAt(page, off);
    let suffix: number;
    [suffix, off] = varintAt(page, off);
    if (shared > termLength || shared + suffix > term.length || off + suffix > size) throw new Fts5FormatError('term runs past its page');
    term.set(page.subarray(off, off + suffix), shared);
    termLength = shared + suffix;
    const order = comparePrefix(term, termLength, key, prefix);
    if (order > 0) return out;
    if (order === 0) pending = off + suffix;
  }
  if (pending !== undefined) out.push({ start: pending, end: size, last: true });
  return out;
}

/** Order of a term against `key` (for `prefix`, 0 for every term that starts with it). */
function comparePrefix(term: Uint8Array, length: number, key: Uint8Array, prefix: boolean): number {
  const n = Math.min(length, key.length);
  for (let i = 0; i < n; i++) if (term[i] !== key[i]) return term[i]! - key[i]!;
  return prefix && length >= key.length ? 0 : length - key.length;
}

/** Byte order of two terms (memcmp, then length), as FTS5 sorts them. */
export function compareBytes(a: Uint8Array, b: Uint8Array): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
  return a.length - b.length;
}

/** One occurrence: column and token offset packed into one number (column × 2^32 + offset). */
export type Occurrence = number;
export const COLUMN_SPAN = 2 ** 32;
export const occurrence = (column: number, offset: number): Occurrence => column * COLUMN_SPAN + offset;
export const columnOf = (o: Occurrence): number => Math.floor(o / COLUMN_SPAN);

/** The occurrences a poslist holds, in order (column, then offset). */
export function decodePoslist(bytes: Uint8Array): Occurrence[] {
  const out: Occurrence[] = [];
  let column = 0;
  let pos = 0;
  for (let off = 0; off < bytes.length; ) {
    let v: number;
    [v, off] = varintAt(bytes, off);
    if (v === 1) {
      [column, off] = varintAt(bytes, off);
      pos = 0;
      continue;
    }
    if (v < 2) throw new Fts5FormatError('poslist offset below 2');
    pos += v - 2;
    out.push(occurrence(column, pos));
  }
  return out;
}

/** Whether a contentless-delete tombstone page lists `rowid` (`pages`: how many the segment has). */
export function tombstoned(page: Uint8Array, pages: number, rowid: number): boolean {
  if (rowid === 0) return page[1] !== 0;
  const key = page[0] === 4 ? 4 : 8;
  const slots = page.length > 16 ? Math.floor((page.length - 8) / key) : 1;
  if (slots <= 0) return false;
  const view = new DataView(page.buffer, page.byteOffset, page.byteLength);
  const read = (i: number) => (key === 4 ? view.getUint32(8 + i * 4) : Number(view.getBigUint64(8 + i * 8)));
  let slot = Math.floor(rowid / pages) % slots;
  for (let tries = 0; tries <= slots; tries++) {
    const v = read(slot);
    if (v === 0) return false;
    if (v === rowid) return true;
    slot = (slot + 1) % slots;
  }
  return false;
}
