/**
 * @module store/sqlite/sign-codes
 * The sign bits of every vector, in memory, and a brute-force Hamming scan over them in WebAssembly.
 *
 * Why not sqlite-vec's own KNN over its bit vectors: its top-k keeps each chunk's best k by repeated
 * minimum search, so a query costs rows × k on top of a table-driven popcount. At 1,000,000 rows of
 * 1024 bits that is 75 ms of CPU for k = 10 and 150 ms for k = 100, the 400 candidates a filtered search
 * needs cost 530 ms (bench/RESULTS.md). Here one pass computes every distance with i64.popcnt
 * (~10 ms at 1,000,000 rows) and a counting selection over the distances takes any number of nearest
 * (~3 ms), so growing the candidate count for a filter costs one more selection, not another scan.
 *
 * Memory: dims / 8 bytes per row (128 MB at 1,000,000 rows of 1024 bits) plus 10 bytes of id and
 * distance. It is a cache: rows are only appended; deleted observations stay until the next full
 * load and never surface, because candidates are re-scored against `obs_vectors`.
 */

/** Unsigned LEB128. */
function leb(n: number): number[] {
  const out: number[] = [];
  do {
    let b = n & 0x7f;
    n >>>= 7;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}
const name = (s: string) => [...leb(s.length), ...Buffer.from(s, 'utf8')];
const section = (id: number, body: number[]) => [id, ...leb(body.length), ...body];

/**
 * `scan(codes, n, words, query, out)`: for each of `n` codes of `words` 64-bit words starting at
 * `codes`, out[i] (u16) = popcount(code_i XOR query). Written out as bytes because the project builds
 * no WebAssembly; each instruction is named below.
 */
function scanModule(): Uint8Array {
  const I32 = 0x7f;
  const I64 = 0x7e;
  // Parameters 0–4, then locals: i, w, p (i32), d (i64).
  const [codes, n, words, query, out, i, w, p, d] = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const get = (x: number) => [0x20, x];
  const set = (x: number) => [0x21, x];
  const tee = (x: number) => [0x22, x];
  const i32 = (x: number) => [0x41, ...leb(x)];
  const [block, loop, end, br, brIf, empty] = [0x02, 0x03, 0x0b, 0x0c, 0x0d, 0x40];
  const [i32Add, i32Shl, i32GeU, i32LtU, i32WrapI64] = [0x6a, 0x74, 0x4f, 0x49, 0xa7];
  const [i64Const, i64Load, i64Xor, i64Popcnt, i64Add, i32Store16] = [0x42, 0x29, 0x85, 0x7b, 0x7c, 0x3b];
  const word = (base: number) => [...get(base), ...get(w), ...i32(3), i32Shl, i32Add, i64Load, 3, 0]; // load64(base + w*8)
  const body = [
    2, 3, I32, 1, I64,
    ...get(codes), ...set(p),
    block, empty,
    loop, empty,
    ...get(i), ...get(n), i32GeU, brIf, 1, // i >= n: done
    i64Const, 0, ...set(d),
    ...i32(0), ...set(w),
    loop, empty,
    ...get(d), ...word(p), ...word(query), i64Xor, i64Popcnt, i64Add, ...set(d),
    ...get(w), ...i32(1), i32Add, ...tee(w), ...get(words), i32LtU, brIf, 0, // next word
    end,
    ...get(out), ...get(i), ...i32(1), i32Shl, i32Add, ...get(d), i32WrapI64, i32Store16, 1, 0, // out[i] = d
    ...get(p), ...get(words), ...i32(3), i32Shl, i32Add, ...set(p),
    ...get(i), ...i32(1), i32Add, ...set(i),
    br, 0, // next row
    end,
    end,
    end,
  ];
  return new Uint8Array([
    0x00, 0x61, 0x73, 0x6d, 1, 0, 0, 0,
    ...section(1, [1, 0x60, 5, I32, I32, I32, I32, I32, 0]),
    ...section(2, [1, ...name('env'), ...name('mem'), 0x02, 0, 1]),
    ...section(3, [1, 0]),
    ...section(7, [1, ...name('scan'), 0x00, 0]),
    ...section(10, [1, ...leb(body.length), ...body]),
  ]);
}

/** The part of the WebAssembly API used here (the project's type libraries do not declare it). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object, imports: object) => { exports: Record<string, unknown> };
  Memory: new (desc: { initial: number }) => WasmMemory;
}
const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
let compiled: object | undefined;
const PAGE = 65_536;

/** Sign-bit codes of one vector space, appended in batches, scanned by Hamming distance. */
export class SignCodes {
  /** Bytes of one code as stored (dims / 8, rounded up to whole 64-bit words). */
  readonly #stride: number;
  readonly #bytes: number;
  readonly #memory: WasmMemory;
  readonly #scan: (codes: number, n: number, words: number, query: number, out: number) => void;
  #ids = new Float64Array(1024);
  #size = 0;
  #capacity = 0;
  /** Distances of the last scan, one per row; undefined until a scan. */
  #dist: Uint16Array | undefined;
  /** The ids in ascending order and the slot of each (see #slotsOf); undefined after a change. */
  #sorted: { ids: Float64Array; slot: (i: number) => number } | undefined;

  constructor(dims: number) {
    this.#bytes = Math.ceil(dims / 8);
    this.#stride = Math.ceil(this.#bytes / 8) * 8;
    compiled ??= new wasm.Module(scanModule());
    this.#memory = new wasm.Memory({ initial: 1 });
    const instance = new wasm.Instance(compiled, { env: { mem: this.#memory } });
    this.#scan = (instance.exports as { scan: (codes: number, n: number, words: number, query: number, out: number) => void }).scan;
  }

  /** Rows held (deleted observations included until the next full load). */
  get size(): number {
    return this.#size;
  }

  /** Memory layout: the query, then the codes, then one u16 distance per row. */
  #codesAt(): number {
    return this.#stride;
  }
  #distAt(): number {
    return this.#stride + this.#capacity * this.#stride;
  }

  /** Room for `rows` rows in all (a load knows how many are coming: no slack). */
  reserve(rows: number): void {
    this.#grow(rows, rows);
  }

  #grow(rows: number, capacity: number): void {
    if (rows <= this.#capacity) return;
    const need = this.#stride + capacity * (this.#stride + 2);
    const have = this.#memory.buffer.byteLength;
    if (need > have) this.#memory.grow(Math.ceil((need - have) / PAGE));
    this.#capacity = capacity;
    if (this.#ids.length < capacity) {
      const ids = new Float64Array(capacity);
      ids.set(this.#ids.subarray(0, this.#size));
      this.#ids = ids;
      this.#sorted = undefined;
    }
    this.#dist = undefined; // its place moved
  }

  /**
   * Append `count` codes of `dims / 8` bytes each, back to back in `codes`, for observations `ids`
   * (rows whose `keep(i)` is false are skipped: free slots of a sqlite-vec chunk).
   */
  append(ids: ArrayLike<number>, codes: Uint8Array, keep: (i: number) => boolean = () => true): void {
    const count = ids.length;
    const rows = this.#size + count;
    this.#grow(rows, Math.max(rows, Math.ceil(this.#capacity * 1.5), 1024));
    const mem = new Uint8Array(this.#memory.buffer);
    for (let i = 0; i < count; i++) {
      if (!keep(i)) continue;
      const at = this.#codesAt() + this.#size * this.#stride;
      mem.set(codes.subarray(i * this.#bytes, (i + 1) * this.#bytes), at);
      // The padding to a whole word may hold old distances (their region moves as the codes grow).
      if (this.#stride > this.#bytes) mem.fill(0, at + this.#bytes, at + this.#stride);
      this.#ids[this.#size++] = ids[i]!;
    }
    this.#dist = undefined;
    this.#sorted = undefined;
  }

  /** Forget rows past `size` (a reload of the last, growing chunk replaces them). */
  truncate(size: number): void {
    this.#size = Math.min(this.#size, size);
    this.#dist = undefined;
    this.#sorted = undefined;
  }

  /** Hamming distance of every row to `query` (dims / 8 bytes, the same packing as the codes). */
  scan(query: Uint8Array): void {
    const mem = new Uint8Array(this.#memory.buffer);
    mem.fill(0, 0, this.#stride);
    mem.set(query.subarray(0, this.#bytes), 0);
    this.#scan(this.#codesAt(), this.#size, this.#stride / 8, 0, this.#distAt());
    this.#dist = new Uint16Array(this.#memory.buffer, this.#distAt(), this.#size);
  }

  /**
   * The ids of the `k` rows nearest to the last scanned query (all rows when there are fewer), in
   * row order; ties at the cut are taken in row order. A counting selection: two passes over the distances.
   */
  nearest(k: number): number[] {
    const dist = this.#scanned();
    return this.#select(k, dist.length, (i) => i);
  }

  /**
   * The same among the rows of these observations only (ids without a row are ignored): the
   * selection reads only their distances, so a filter keeping few rows costs few.
   */
  nearestAmong(ids: readonly number[], k: number): number[] {
    this.#scanned();
    const slots = this.#slotsOf(ids);
    return this.#select(k, slots.length, (i) => slots[i]!);
  }

  #scanned(): Uint16Array {
    if (!this.#dist) throw new Error('SignCodes.nearest before scan');
    return this.#dist;
  }

  /** The k nearest of `count` rows, row `i` of them being slot `slot(i)`. */
  #select(k: number, count: number, slot: (i: number) => number): number[] {
    const dist = this.#dist!;
    const out: number[] = [];
    if (k >= count) {
      for (let i = 0; i < count; i++) out.push(this.#ids[slot(i)]!);
      return out;
    }
    const counts = new Uint32Array(this.#stride * 8 + 1);
    for (let i = 0; i < count; i++) counts[dist[slot(i)]!]!++;
    let cut = 0;
    let below = 0; // rows strictly nearer than `cut`
    while (below + counts[cut]! < k) below += counts[cut++]!;
    let ties = k - below;
    for (let i = 0; i < count; i++) {
      const s = slot(i);
      const x = dist[s]!;
      if (x < cut || (x === cut && ties-- > 0)) out.push(this.#ids[s]!);
    }
    return out;
  }

  /**
   * Slots of these ids, by binary search over the ids in ascending order: the rows themselves when
   * they are in that order (rows are appended as they are embedded, oldest first), else a sorted copy
   * made once per change (keys id·2²² + slot: one numeric sort, no comparator).
   */
  #slotsOf(ids: readonly number[]): number[] {
    const n = this.#size;
    let sorted = this.#sorted;
    if (!sorted) {
      let ascending = true;
      for (let i = 1; i < n && ascending; i++) ascending = this.#ids[i - 1]! < this.#ids[i]!;
      if (ascending) sorted = { ids: this.#ids.subarray(0, n), slot: (i) => i };
      else if (n >= SLOT_KEYS) {
        // Past 4M rows out of order: one pass over every row instead.
        const wanted = new Set(ids);
        const out: number[] = [];
        for (let i = 0; i < n; i++) if (wanted.has(this.#ids[i]!)) out.push(i);
        return out;
      } else {
        const keys = new Float64Array(n);
        for (let i = 0; i < n; i++) keys[i] = this.#ids[i]! * SLOT_KEYS + i;
        keys.sort();
        const byId = keys.map((key) => Math.floor(key / SLOT_KEYS));
        sorted = { ids: byId, slot: (i) => keys[i]! - byId[i]! * SLOT_KEYS };
      }
      this.#sorted = sorted;
    }
    const out: number[] = [];
    for (const id of ids) {
      let lo = 0;
      let hi = n;
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if (sorted.ids[mid]! < id) lo = mid + 1;
        else hi = mid;
      }
      // Every row of this id (a row re-embedded after a deletion appears twice; the re-ranking dedups).
      for (; lo < n && sorted.ids[lo] === id; lo++) out.push(sorted.slot(lo));
    }
    return out;
  }
}

/** Rows beyond which the sorted copy's keys would not be exact (ids up to 2³¹ then fit in 53 bits). */
const SLOT_KEYS = 2 ** 22;
