/**
 * @module embed/hash
 * The offline embedder: no model, no download, no network. Signed feature hashing of
 * - word stems (camelCase and snake_case split, a light English suffix stripper), without English
 *   function words and without numbers or hex ids (line numbers, hashes: noise in tool output),
 * - glossary concepts: a Chinese glossary term stands for all its English translations, so `连接池`
 *   and `connection pool` share features (core/search/glossary),
 * - Chinese bigrams outside the glossary, and
 * - character trigrams of each word at a small weight, so sub-words still meet (`poolconnect`),
 * into DIMS dimensions, PROBES buckets per feature, log-scaled counts, rotated (so sign bits make a
 * SimHash), then normalised. It is lexical, not semantic: it finds what shares words, stems, sub-words
 * or glossary concepts with the question. eval/RESULTS.md has the measurements behind each choice.
 *
 * Why these numbers: a text has ~45 distinct word features, and each spurious bucket collision with a
 * question word ranks an unrelated record like a real match. At 512 dimensions and one bucket per
 * feature that noise cost the embedder a third of what the same features scored without hashing; at
 * 1024 dimensions and two buckets (a collision then moves half as far, and rarely twice) the hashed
 * vectors score within a question of the exact sparse ones.
 */
import { englishFor, GLOSSARY_VERSION, segmentCjk } from '../core/search/glossary.ts';
import { cjkBigrams, CJK_RUN_RE } from '../core/search/text-index.ts';
import { normalize, type Embedder } from './types.ts';

/** Dimensions of the hash embedder: a power of two (Walsh–Hadamard rotation); one int8 byte each a row. */
export const HASH_DIMS = 1024;
/** Buckets each feature is added to. */
const PROBES = 2;
/** Weight of a character trigram relative to a whole word. */
const SUBWORD_WEIGHT = 0.2;
const WORD_RE = /[\p{L}\p{N}]+/gu;
const CAMEL_RE = /([a-z0-9])([A-Z])/g;
const SUFFIX_RE = /(?:ing|ed|es|s)$/;
/** Numbers and hex ids: line numbers, counts, hashes, timestamps. */
const NUMBERISH_RE = /^\d+$|^(?=[a-f]*\d)[0-9a-f]{7,}$/;

/**
 * English function words. Without IDF (a vector must not depend on the store it lands in) they would
 * weigh as much as the words that say what a record is about; dropping them was worth more than any
 * IDF weighting measured (eval/RESULTS.md).
 */
const STOP_WORDS: ReadonlySet<string> = new Set(
  ('a an and are as at be been but by can could did do does for from had has have how i if in into is it its ' +
    'me my no not of on or our so than that the their them then there these they this to was we were what when ' +
    'where which who why will with would you your about after before know any some').split(' '),
);

/** FNV-1a, 32-bit. */
function hash(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

function stem(w: string): string {
  return w.length > 4 ? w.replace(SUFFIX_RE, '') : w;
}

/** The words of a text worth a feature, lower case, stemmed. */
function contentWords(text: string): string[] {
  const out: string[] = [];
  for (const raw of text.replace(CAMEL_RE, '$1 $2').toLowerCase().match(WORD_RE) ?? []) {
    if (raw.length < 2 || STOP_WORDS.has(raw) || NUMBERISH_RE.test(raw)) continue;
    out.push(stem(raw));
  }
  return out;
}

/** The features of a text and their weights (a count, times the kind's weight). */
export function hashFeatures(text: string): Map<string, number> {
  const f = new Map<string, number>();
  const add = (k: string, w: number) => f.set(k, (f.get(k) ?? 0) + w);
  for (const w of contentWords(text.replace(CJK_RUN_RE, ' '))) {
    add(`w:${w}`, 1);
    const padded = `<${w}>`;
    for (let i = 0; i + 3 <= padded.length; i++) add(`g:${padded.slice(i, i + 3)}`, SUBWORD_WEIGHT);
  }
  for (const run of text.match(CJK_RUN_RE) ?? []) {
    for (const s of segmentCjk(run)) {
      if (s.kind === 'stop') continue;
      const en = s.kind === 'term' ? englishFor(s.text) : [];
      // A glossary term is its English words (every translation, once each), so both languages share them.
      if (en.length) for (const w of new Set(contentWords(en.join(' ')))) add(`w:${w}`, 1);
      else for (const b of cjkBigrams(s.text)) add(`c:${b}`, 1);
    }
  }
  return f;
}

const signs = new Map<number, Int8Array>();
/** Random but fixed signs of the rotation, one table per dimension count. */
function signTable(dims: number): Int8Array {
  let t = signs.get(dims);
  if (!t) signs.set(dims, (t = Int8Array.from({ length: dims }, (_, i) => (hash(`sign:${i}`) & 1 ? -1 : 1))));
  return t;
}

/**
 * A fixed random rotation (random signs, then a fast Walsh–Hadamard transform): it keeps every cosine
 * but spreads the few non-zero features over all dimensions, so the sign bits the KNN index keeps
 * become a SimHash of the text (Hamming distance tracks the angle) instead of mostly zeros.
 */
function rotate(v: Float32Array): Float32Array {
  const s = signTable(v.length);
  for (let i = 0; i < v.length; i++) v[i]! *= s[i]!;
  for (let h = 1; h < v.length; h *= 2) {
    for (let i = 0; i < v.length; i += h * 2) {
      for (let j = i; j < i + h; j++) {
        const a = v[j]!;
        const b = v[j + h]!;
        v[j] = a + b;
        v[j + h] = a - b;
      }
    }
  }
  return v;
}

/** Weighted count → vector value: log-scaled so a word said ten times does not outweigh the rest. */
function scaled(w: number, kind: string): number {
  const unit = kind === 'g' ? SUBWORD_WEIGHT : 1;
  return unit * (1 + Math.log(w / unit));
}

/** `dims` must be a power of two (the rotation is a Walsh–Hadamard transform). */
export function hashEmbed(text: string, dims = HASH_DIMS): Float32Array {
  const v = new Float32Array(dims);
  for (const [k, w] of hashFeatures(text)) {
    const x = scaled(w, k[0]!);
    for (let p = 0; p < PROBES; p++) {
      const h = hash(p ? `${p}:${k}` : k);
      v[h % dims]! += h & 0x80000000 ? -x : x;
    }
  }
  return normalize(rotate(v));
}

/** The offline embedder (`MNEMO_EMBEDDER=hash`), fused with the keyword lists by RRF. */
export function createHashEmbedder(dims = HASH_DIMS): Embedder {
  return {
    // The vectors depend on the glossary (a term stands for its English words): a new glossary is a new
    // embedder, so stores re-embed in the background instead of mixing vectors of two vocabularies.
    id: `hash:v4-${GLOSSARY_VERSION}:${dims}`,
    embed: async (texts) => texts.map((t) => hashEmbed(t, dims)),
  };
}
