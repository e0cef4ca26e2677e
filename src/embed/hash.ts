/**
 * @module embed/hash
 * The offline embedder: no model, no download, no network. Signed feature hashing of
 * - word stems (camelCase and snake_case split, a light English suffix stripper),
 * - glossary concepts: a Chinese glossary term and its English translation hash to the same feature,
 *   so `连接池` and `connection pool` land close together (core/search/glossary),
 * - Chinese bigrams outside the glossary, and
 * - character trigrams of each word (weight ½), which tolerate typos and inflections,
 * into DIMS dimensions with log-scaled counts, rotated (so sign bits make a SimHash), then normalised. It is lexical, not semantic: it finds
 * what shares words, stems, sub-words or glossary concepts with the question. eval/RESULTS.md says
 * what that is worth next to BM25.
 */
import { englishFor, segmentCjk } from '../core/search/glossary.ts';
import { cjkBigrams, CJK_RUN_RE } from '../core/search/text-index.ts';
import { normalize, type Embedder } from './types.ts';

/** Dimensions of the hash embedder: a power of two (Walsh–Hadamard rotation); 512 int8 bytes a row. */
export const HASH_DIMS = 512;
const WORD_RE = /[\p{L}\p{N}]+/gu;
const CAMEL_RE = /([a-z0-9])([A-Z])/g;
const SUFFIX_RE = /(?:ing|ed|es|s)$/;

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

/** The weighted features of a text. */
export function hashFeatures(text: string): Map<string, number> {
  const f = new Map<string, number>();
  const add = (k: string, w: number) => f.set(k, (f.get(k) ?? 0) + w);
  const latin = text.replace(CJK_RUN_RE, ' ').replace(CAMEL_RE, '$1 $2');
  for (const raw of latin.toLowerCase().match(WORD_RE) ?? []) {
    if (raw.length < 2) continue;
    const w = stem(raw);
    add(`w:${w}`, 1);
    const padded = `<${w}>`;
    for (let i = 0; i + 3 <= padded.length; i++) add(`g:${padded.slice(i, i + 3)}`, 0.5);
  }
  for (const run of text.match(CJK_RUN_RE) ?? []) {
    for (const s of segmentCjk(run)) {
      if (s.kind === 'stop') continue;
      const en = s.kind === 'term' ? englishFor(s.text) : [];
      // A glossary term is its English words, so both languages share the feature.
      if (en.length) for (const word of en[0]!.split(' ')) add(`w:${stem(word)}`, 1);
      else for (const b of cjkBigrams(s.text)) add(`c:${b}`, 1);
    }
  }
  return f;
}

/**
 * A fixed random rotation (random signs, then a fast Walsh–Hadamard transform): it keeps every cosine
 * but spreads the few non-zero features over all dimensions, so the sign bits the KNN index keeps
 * become a SimHash of the text (Hamming distance tracks the angle) instead of mostly zeros.
 */
function rotate(v: Float32Array): Float32Array {
  for (let i = 0; i < v.length; i++) if (hash(`sign:${i}`) & 1) v[i] = -v[i]!;
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

/** `dims` must be a power of two (the rotation is a Walsh–Hadamard transform). */
export function hashEmbed(text: string, dims = HASH_DIMS): Float32Array {
  const v = new Float32Array(dims);
  for (const [k, w] of hashFeatures(text)) {
    const h = hash(k);
    v[h % dims]! += (h & 0x80000000 ? -1 : 1) * (1 + Math.log(w));
  }
  return normalize(rotate(v));
}

/** The offline embedder (`MNEMO_EMBEDDER=hash`). */
export function createHashEmbedder(dims = HASH_DIMS): Embedder {
  return {
    id: `hash:v2:${dims}`,
    // Fused by RRF it lowered R@5 on the evaluation (eval/RESULTS.md): it only adds what keywords miss.
    fusion: 'append',
    embed: async (texts) => texts.map((t) => hashEmbed(t, dims)),
  };
}
