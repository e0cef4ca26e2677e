/**
 * @module core/privacy/hint-scan
 * Finds several sets of literal words in one pass over a text: each position's two characters are
 * looked up in a table of the words' first two characters, and only the few words starting with
 * them are compared. Cheaper than one regex alternation per set, which the engine tries at every
 * position (and, ignoring case, with every character folded), once the loop is optimized code.
 *
 * A fresh process has no optimized code yet: V8 interprets the loop until its compiled version
 * arrives from another thread (a millisecond later, more on a busy machine), while it compiles a
 * regex search of a long text to machine code at once. So a scanner's first long texts (every hook
 * process has at most a few) go to one regex alternation per set, which finds the same hits.
 *
 * The lookup tables are plain data (`ScanTables`), worked out from the word sets by `scanTables`.
 * Worked out in the process, they cost a hook more than its whole scan (a few hundred words walked
 * character by character in the interpreter); the catalogue's tables are therefore worked out at
 * build time (hint-tables.generated.ts) and only copied into place here.
 */

/** One set of words to look for. */
export interface WordSet {
  /** ASCII, two characters or more; in lower case when `ignoreCase`. */
  readonly words: readonly string[];
  /** ASCII letters match either case (never a non-ASCII look-alike such as `ſ` or the Kelvin sign), as in a regex without the `u` flag. */
  readonly ignoreCase?: boolean;
  /** Words that count only when no `[A-Za-z0-9_]` follows (a regex's `\b` after them). */
  readonly wordEnd?: readonly string[];
}

/** Hits of one set: start positions and lengths, alternating (`[at, length, at, length, …]`). */
export type Hits = number[];

const isWordCode = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
const fold = (c: number): number => (c >= 65 && c <= 90 ? c + 32 : c);

/** A word of a set, as the tables index it. */
export interface Candidate {
  readonly set: number;
  readonly word: string;
  readonly ignoreCase: boolean;
  readonly wordEnd: boolean;
}

/** What a scanner looks words up in: plain data, so it can be worked out ahead of time. */
export interface ScanTables {
  /** Every distinct word of every set, longest first (by length, then in the sets' order). */
  readonly candidates: readonly Candidate[];
  /** Per list: its pair key (first character << 7 | second), then its candidates' indices, longest first. */
  readonly lists: readonly (readonly number[])[];
  /** Per list, the third characters (7 bits) its candidates can have: 4 × 32 bits; all (-1) for two-character words. */
  readonly thirds: readonly number[];
  /** Per set, its regex alternation (longest word first): source and flags (`g`, `gi` when the set ignores case). */
  readonly alternations: readonly (readonly [source: string, flags: string])[];
}

/**
 * Tables as the generated file writes them (scripts/hint-tables.ts): the candidates' words one per
 * line, and their set and flags one character each. An object literal per candidate made the tables
 * 21 KB of the hook bundle, which crossed the 128 KB past which a hook process reads and keeps its
 * bundle at twice the cost (hooks/code-cache).
 */
export interface PackedScanTables {
  /** The candidates' words, in the candidates' order. */
  readonly words: readonly string[];
  /** Per candidate, `'0'` + (set << 2 | ignoreCase << 1 | wordEnd). */
  readonly flags: string;
  readonly lists: ScanTables['lists'];
  readonly thirds: ScanTables['thirds'];
  readonly alternations: ScanTables['alternations'];
}

/** `tables` packed; throws for a set the packing cannot name (ten or more sets). */
export function packScanTables(tables: ScanTables): PackedScanTables {
  const flags = tables.candidates.map((c) => {
    if (c.set > 9) throw new Error(`too many word sets to pack: ${c.set + 1}`);
    return String.fromCharCode(48 + ((c.set << 2) | (c.ignoreCase ? 2 : 0) | (c.wordEnd ? 1 : 0)));
  });
  return { words: tables.candidates.map((c) => c.word), flags: flags.join(''), lists: tables.lists, thirds: tables.thirds, alternations: tables.alternations };
}

/** The tables `packed` stands for. */
export function unpackScanTables(packed: PackedScanTables): ScanTables {
  const { words, flags } = packed;
  const candidates: Candidate[] = [];
  for (let i = 0; i < words.length; i++) {
    const f = flags.charCodeAt(i) - 48;
    candidates.push({ set: f >> 2, word: words[i]!, ignoreCase: (f & 2) !== 0, wordEnd: (f & 1) !== 0 });
  }
  return { candidates, lists: packed.lists, thirds: packed.thirds, alternations: packed.alternations };
}

/** From this length on, V8 compiles a regex search to machine code at its first run (it interprets shorter ones first). */
const LONG_TEXT = 1000;
/** Characters of long texts a scanner gives the regex engine before its own loop takes over. */
const COLD_CHARS = 1 << 20;

export class HintScanner {
  /** Per pair of characters (7 bits each, first << 7 | second): 1 + the index of its candidates, or 0. */
  private readonly pairs = new Uint16Array(1 << 14);
  /** Every word, longest first (the tables' candidates). */
  private readonly candidates: readonly Candidate[];
  /** Per pair with words: its key, then its candidates' indices, longest first (the tables' lists, used as they are). */
  private readonly lists: readonly (readonly number[])[];
  /** Per list, the third characters (7 bits) its candidates can have: 4 × 32 bits; all for two-character words. */
  private readonly thirds: Int32Array;
  /** Each set as a global regex alternation, longest word first; compiled on the first long text. */
  private alternations: RegExp[] | undefined;

  /** How many sets: the scan answers one list of hits per set. */
  private readonly setCount: number;
  private readonly tables: ScanTables;

  /**
   * `source`: the word sets, or their tables worked out ahead of time (`scanTables(sets)`), which need
   * neither the words' modules nor the work. `coldChars`: how many characters of long texts go to the
   * regex engine (tests set 0 or Infinity).
   */
  constructor(
    source: readonly WordSet[] | ScanTables,
    private coldChars = COLD_CHARS,
  ) {
    const tables = Array.isArray(source) ? scanTables(source as readonly WordSet[]) : (source as ScanTables);
    this.tables = tables;
    this.setCount = tables.alternations.length;
    this.candidates = tables.candidates;
    this.lists = tables.lists;
    // An indexed loop: this runs once per process, in the interpreter, where for-of costs an iterator.
    for (let l = 0; l < this.lists.length; l++) this.pairs[this.lists[l]![0]!] = l + 1;
    this.thirds = new Int32Array(tables.thirds);
  }

  /**
   * Every set's hits in `text` from `from` on: at each position the longest word of the set that
   * starts there, then on from its end. The same hits as a global regex of each set's alternation
   * started at `from` (leftmost, longest, not overlapping).
   */
  scan(text: string, from = 0): Hits[] {
    if (text.length >= LONG_TEXT && this.coldChars > 0) {
      this.coldChars -= text.length - from;
      return this.scanByRegex(text, from);
    }
    const hits: Hits[] = [];
    for (let set = 0; set < this.setCount; set++) hits.push([]);
    /** Per set, where its next hit may start (hits of one set do not overlap). */
    const free: number[] = new Array<number>(this.setCount).fill(from);
    const { pairs, thirds, candidates, lists } = this;
    const last = text.length - 1;
    // Scanned as bytes (each character's low 8 bits), not with charCodeAt: the engine reads a byte
    // array far faster than strings of every shape (flat, concatenated, sliced) that come here.
    const bytes = bytesOf(text);
    for (let i = nextPair(bytes, from, last, pairs); i >= 0; i = nextPair(bytes, i + 1, last, pairs)) {
      const list = pairs[((bytes[i]! & 127) << 7) | (bytes[i + 1]! & 127)]!;
      const c2 = bytes[i + 2]! & 127;
      if (((thirds[(list - 1) * 4 + (c2 >> 5)]! >>> (c2 & 31)) & 1) === 0) continue;
      let taken = 0;
      const row = lists[list - 1]!;
      for (let k = 1; k < row.length; k++) {
        const c = candidates[row[k]!]!;
        if ((taken >> c.set) & 1 || i < free[c.set]! || !matches(text, i, c)) continue;
        hits[c.set]!.push(i, c.word.length);
        free[c.set] = i + c.word.length;
        taken |= 1 << c.set;
      }
    }
    return hits;
  }

  /** The words of set `set` that occur in `text` at `at`, longest first. */
  wordsAt(text: string, at: number, set: number): string[] {
    if (at < 0 || at + 2 > text.length) return [];
    const list = this.pairs[((text.charCodeAt(at) & 127) << 7) | (text.charCodeAt(at + 1) & 127)]!;
    if (list === 0) return [];
    return this.lists[list - 1]!
      .slice(1)
      .map((k) => this.candidates[k]!)
      .filter((c) => c.set === set && matches(text, at, c))
      .map((c) => c.word);
  }

  private scanByRegex(text: string, from: number): Hits[] {
    this.alternations ??= this.tables.alternations.map(([source, flags]) => new RegExp(source, flags));
    return this.alternations.map((re) => {
      const hits: Hits = [];
      re.lastIndex = from;
      for (let m = re.exec(text); m; m = re.exec(text)) hits.push(m.index, m[0].length);
      return hits;
    });
  }
}

/**
 * The tables of a scanner of `sets`. Throws on a word the scan cannot index (under two characters,
 * not ASCII, or upper case in a set that ignores case).
 */
export function scanTables(sets: readonly WordSet[]): ScanTables {
  // Longest first: by length, then in the sets' order (what a stable sort would give).
  const byLength: Candidate[][] = [];
  sets.forEach((s, set) => {
    const ignoreCase = s.ignoreCase ?? false;
    for (const word of new Set(s.words)) {
      if (!usable(word, ignoreCase)) throw new Error(`unusable word: ${word}`);
      (byLength[word.length] ??= []).push({ set, word, ignoreCase, wordEnd: s.wordEnd?.includes(word) ?? false });
    }
  });
  const candidates = byLength.filter(Boolean).reverse().flat();
  const listOfPair = new Map<number, number>();
  const lists: number[][] = [];
  const thirds: number[] = [];
  candidates.forEach((c, index) => {
    const w = c.word;
    const third = w.length > 2 ? casesOf(w.charCodeAt(2), c.ignoreCase) : [];
    for (const first of casesOf(w.charCodeAt(0), c.ignoreCase)) {
      for (const second of casesOf(w.charCodeAt(1), c.ignoreCase)) {
        const key = (first << 7) | second;
        let list = listOfPair.get(key);
        if (list === undefined) {
          list = lists.push([key]) - 1;
          listOfPair.set(key, list);
          thirds.push(0, 0, 0, 0);
        }
        lists[list]!.push(index);
        if (third.length === 0) thirds.fill(-1, list * 4, list * 4 + 4);
        for (const t of third) thirds[list * 4 + (t >> 5)]! |= 1 << (t & 31);
      }
    }
  });
  return { candidates, lists, thirds, alternations: sets.map(alternation) };
}

/** A set's words as one regex alternation: longest first, so the first alternative that matches is the longest word there. */
function alternation(s: WordSet): readonly [string, string] {
  const words = [...new Set(s.words)].sort((a, b) => b.length - a.length);
  const source = words.map((w) => w.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&') + (s.wordEnd?.includes(w) ? '\\b' : '')).join('|');
  return [source, s.ignoreCase ? 'gi' : 'g'];
}

/** Bytes for texts up to 1 MiB, reused from call to call (a longer text gets its own). */
let reused = Buffer.allocUnsafe(1 << 16);
const REUSED_MAX = 1 << 20;
/** Up to this length a text's bytes are stored one by one: the first Buffer#write of a process costs more. */
const SHORT_TEXT = 256;

/** `text` as bytes (each character's low 8 bits, as a Latin-1 write or a byte store keeps), then a 0. */
function bytesOf(text: string): Buffer {
  let bytes = reused;
  if (bytes.length < text.length + 1) {
    bytes = Buffer.allocUnsafe(Math.max(text.length + 1, Math.min(REUSED_MAX, bytes.length * 2)));
    if (bytes.length <= REUSED_MAX) reused = bytes;
  }
  if (text.length <= SHORT_TEXT) for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  else bytes.write(text, 0, 'latin1');
  bytes[text.length] = 0;
  return bytes;
}

/**
 * The first position in [from, last) whose two characters begin some word. A small loop of its
 * own: the engine compiles it far better than the same loop inlined in `scan`. Characters are
 * taken by their low 7 bits: a non-ASCII character only adds a candidate that `matches` rejects.
 */
function nextPair(text: Uint8Array, from: number, last: number, pairs: Uint16Array): number {
  let c0 = text[from]! & 127;
  for (let i = from; i < last; i++) {
    const c1 = text[i + 1]! & 127;
    if (pairs[(c0 << 7) | c1] !== 0) return i;
    c0 = c1;
  }
  return -1;
}

function matches(text: string, at: number, c: Candidate): boolean {
  const w = c.word;
  if (at + w.length > text.length) return false;
  if (c.ignoreCase) {
    for (let j = 0; j < w.length; j++) if (fold(text.charCodeAt(at + j)) !== w.charCodeAt(j)) return false;
  } else if (!text.startsWith(w, at)) return false;
  return !c.wordEnd || at + w.length === text.length || !isWordCode(text.charCodeAt(at + w.length));
}

/** Two ASCII characters or more, and lower case when matched ignoring case. */
function usable(word: string, ignoreCase: boolean): boolean {
  if (word.length < 2) return false;
  for (let i = 0; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c > 127 || (ignoreCase && c >= 65 && c <= 90)) return false;
  }
  return true;
}

/** An ASCII character's code, and its upper-case code when it is a lower-case letter matched ignoring case. */
function casesOf(code: number, ignoreCase: boolean): number[] {
  return ignoreCase && code >= 97 && code <= 122 ? [code, code - 32] : [code];
}
