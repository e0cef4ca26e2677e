/**
 * @module core/privacy/hint-scan
 * Finds several sets of literal words in one pass over a text: each position's two characters are
 * looked up in a table of the words' first two characters, and only the few words starting with
 * them are compared. Cheaper than one regex alternation per set, which the engine tries at every
 * position (and, ignoring case, with every character folded).
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

interface Candidate {
  readonly set: number;
  readonly word: string;
  readonly ignoreCase: boolean;
  readonly wordEnd: boolean;
}

export class HintScanner {
  /** Per pair of characters (7 bits each, first << 7 | second): 1 + the index of its candidates, or 0. */
  private readonly pairs = new Uint16Array(1 << 14);
  /** The candidates of each pair, longest first. */
  private readonly lists: Candidate[][] = [];
  /** Per list, the third characters (7 bits) its candidates can have: 4 × 32 bits; all for two-character words. */
  private readonly thirds: Int32Array;

  constructor(private readonly sets: readonly WordSet[]) {
    const thirds: number[] = [];
    const all: Candidate[] = sets.flatMap((s, set) =>
      [...new Set(s.words)].map((word) => {
        if (word.length < 2 || /[^\x00-\x7f]/.test(word) || (s.ignoreCase && word !== word.toLowerCase())) throw new Error(`unusable word: ${word}`);
        return { set, word, ignoreCase: s.ignoreCase ?? false, wordEnd: s.wordEnd?.includes(word) ?? false };
      }),
    );
    all.sort((a, b) => b.word.length - a.word.length);
    for (const c of all) {
      const variants = (ch: string | undefined) => (ch === undefined ? [] : c.ignoreCase ? cases(ch) : [ch]);
      for (const a of variants(c.word[0])) {
        for (const b of variants(c.word[1])) {
          const key = (a.charCodeAt(0) << 7) | b.charCodeAt(0);
          if (this.pairs[key] === 0) {
            this.pairs[key] = this.lists.push([]);
            thirds.push(0, 0, 0, 0);
          }
          const list = this.pairs[key]! - 1;
          this.lists[list]!.push(c);
          if (c.word.length === 2) thirds.fill(-1, list * 4, list * 4 + 4);
          for (const t of variants(c.word[2])) thirds[list * 4 + (t.charCodeAt(0) >> 5)]! |= 1 << (t.charCodeAt(0) & 31);
        }
      }
    }
    this.thirds = Int32Array.from(thirds);
  }

  /**
   * Every set's hits in `text` from `from` on: at each position the longest word of the set that
   * starts there, then on from its end. The same hits as a global regex of each set's alternation
   * started at `from` (leftmost, longest, not overlapping).
   */
  scan(text: string, from = 0): Hits[] {
    const hits: Hits[] = this.sets.map(() => []);
    /** Per set, where its next hit may start (hits of one set do not overlap). */
    const free: number[] = this.sets.map(() => from);
    const { pairs, thirds } = this;
    const last = text.length - 1;
    // Scanned as bytes (each character's low 8 bits), not with charCodeAt: the engine reads a byte
    // array far faster than strings of every shape (flat, concatenated, sliced) that come here.
    const bytes = bytesOf(text);
    for (let i = nextPair(bytes, from, last, pairs); i >= 0; i = nextPair(bytes, i + 1, last, pairs)) {
      const list = pairs[((bytes[i]! & 127) << 7) | (bytes[i + 1]! & 127)]!;
      const c2 = bytes[i + 2]! & 127;
      if (((thirds[(list - 1) * 4 + (c2 >> 5)]! >>> (c2 & 31)) & 1) === 0) continue;
      let taken = 0;
      for (const c of this.lists[list - 1]!) {
        if ((taken >> c.set) & 1 || i < free[c.set]! || !matches(text, i, c)) continue;
        hits[c.set]!.push(i, c.word.length);
        free[c.set] = i + c.word.length;
        taken |= 1 << c.set;
      }
    }
    return hits;
  }
}

/**
 * The first position in [from, last) whose two characters begin some word. A small loop of its
 * own: the engine compiles it far better than the same loop inlined in `scan`. Characters are
 * taken by their low 7 bits: a non-ASCII character only adds a candidate that `matches` rejects.
 */
/** Bytes for texts up to 1 MiB, reused from call to call (a longer text gets its own). */
let reused = Buffer.allocUnsafe(1 << 16);
const REUSED_MAX = 1 << 20;

/** `text` as bytes (each character's low 8 bits), then a 0. */
function bytesOf(text: string): Buffer {
  let bytes = reused;
  if (bytes.length < text.length + 1) {
    bytes = Buffer.allocUnsafe(Math.max(text.length + 1, Math.min(REUSED_MAX, bytes.length * 2)));
    if (bytes.length <= REUSED_MAX) reused = bytes;
  }
  bytes.write(text, 0, 'latin1');
  bytes[text.length] = 0;
  return bytes;
}

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

/** A character and its other ASCII case, if it has one. */
function cases(ch: string): string[] {
  const up = ch.toUpperCase();
  return up !== ch && up.length === 1 && up.charCodeAt(0) < 128 ? [ch, up] : [ch];
}
