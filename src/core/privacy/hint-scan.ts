/**
 * @module core/privacy/hint-scan
 * Finds many literal words in one pass: each position's two characters are looked up in a table of
 * the words' first two characters, and only the few words starting with them are compared. About
 * twice as fast as a regex alternation of the same words, which the engine tries at every position.
 */

/** A hit: where it starts and which word (the longest one starting there, as listed). */
export interface Hit {
  readonly at: number;
  readonly word: string;
}

export class LiteralScanner {
  /** Per pair of ASCII characters (first << 7 | second): 1 + the index of its words in `lists`, or 0. */
  private readonly pairs = new Uint16Array(1 << 14);
  /** The words of each pair, longest first. */
  private readonly lists: string[][] = [];

  /** `words`: ASCII, two characters or more. */
  constructor(words: readonly string[]) {
    for (const w of [...new Set(words)].sort((a, b) => b.length - a.length)) {
      if (w.length < 2 || /[^\x00-\x7f]/.test(w)) throw new Error(`unusable word: ${w}`);
      const key = (w.charCodeAt(0) << 7) | w.charCodeAt(1);
      if (this.pairs[key] === 0) this.pairs[key] = this.lists.push([]);
      this.lists[this.pairs[key]! - 1]!.push(w);
    }
  }

  /**
   * The first position at or after `from` where a word starts, with the longest word starting
   * there; undefined when there is none. Scanning on from `at + word.length` visits the same hits
   * as a global regex of the words' alternation (leftmost, longest, not overlapping).
   */
  next(text: string, from: number): Hit | undefined {
    const last = text.length - 1;
    if (from < 0 || from >= last) return undefined;
    let c0 = text.charCodeAt(from);
    for (let i = from; i < last; i++) {
      const c1 = text.charCodeAt(i + 1);
      const list = (c0 | c1) < 128 ? this.pairs[(c0 << 7) | c1]! : 0;
      if (list !== 0) {
        for (const w of this.lists[list - 1]!) if (text.startsWith(w, i)) return { at: i, word: w };
      }
      c0 = c1;
    }
    return undefined;
  }
}

