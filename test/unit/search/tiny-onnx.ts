/**
 * Writes a tiny sentence-embedding "model" for tests: a hand-encoded ONNX graph (an embedding table
 * looked up by token id and masked by the attention mask: Gather → Mul), a WordPiece tokenizer and a
 * BERT config — the files `@huggingface/transformers` loads for feature extraction. No download.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

// --- minimal protobuf writer -------------------------------------------------------------------
function varint(n: number): number[] {
  const out: number[] = [];
  let v = BigInt.asUintN(64, BigInt(n));
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v) b |= 0x80;
    out.push(b);
  } while (v);
  return out;
}
const key = (field: number, wire: number) => varint((field << 3) | wire);
const int = (field: number, n: number) => [...key(field, 0), ...varint(n)];
const bytes = (field: number, b: Uint8Array | number[]) => [...key(field, 2), ...varint(b.length), ...b];
const str = (field: number, s: string) => bytes(field, [...Buffer.from(s, 'utf8')]);

const dim = (d: number | string) => bytes(1, typeof d === 'number' ? int(1, d) : str(2, d));
const valueInfo = (name: string, elemType: number, dims: (number | string)[]) =>
  [...str(1, name), ...bytes(2, bytes(1, [...int(1, elemType), ...bytes(2, dims.flatMap(dim))]))];
const node = (op: string, inputs: string[], outputs: string[], attrs: number[][] = []) =>
  [...inputs.flatMap((i) => str(1, i)), ...outputs.flatMap((o) => str(2, o)), ...str(3, `${op}_${outputs[0]}`), ...str(4, op), ...attrs.flatMap((a) => bytes(5, a))];
const FLOAT = 1;
const INT64 = 7;

/** The vocabulary and one embedding row per token (hidden size 4): two "topics" and noise. */
const VOCAB: Record<string, number[]> = {
  '[PAD]': [0, 0, 0, 0],
  '[UNK]': [0, 0, 0, 0.1],
  pool: [1, 0, 0, 0],
  connection: [0.9, 0.1, 0, 0],
  leak: [0.8, 0, 0.2, 0],
  '连': [1, 0, 0, 0],
  '接': [0.9, 0.1, 0, 0],
  '池': [0.8, 0, 0.1, 0],
  button: [0, 1, 0, 0],
  theme: [0, 0.9, 0.1, 0],
  render: [0, 0.8, 0, 0.2],
};

export function writeTinyModel(dir: string): void {
  mkdirSync(join(dir, 'onnx'), { recursive: true });
  const words = Object.keys(VOCAB);
  const hidden = 4;
  const table = new Float32Array(words.flatMap((w) => VOCAB[w]!));
  const tensor = (name: string, dims: number[], type: number, raw: Uint8Array) =>
    [...dims.flatMap((d) => int(1, d)), ...int(2, type), ...str(8, name), ...bytes(9, raw)];
  const axes = new Uint8Array(new BigInt64Array([-1n]).buffer);
  const graph = [
    ...bytes(1, node('Gather', ['E', 'input_ids'], ['g'])),
    // Cast(to = FLOAT): attribute { name "to", i 1, type INT (2) }
    ...bytes(1, node('Cast', ['attention_mask'], ['mf'], [[...str(1, 'to'), ...int(3, FLOAT), ...int(20, 2)]])),
    ...bytes(1, node('Unsqueeze', ['mf', 'axes'], ['mu'])),
    ...bytes(1, node('Mul', ['g', 'mu'], ['last_hidden_state'])),
    ...str(2, 'tiny'),
    ...bytes(5, tensor('E', [words.length, hidden], FLOAT, new Uint8Array(table.buffer))),
    ...bytes(5, tensor('axes', [1], INT64, axes)),
    ...bytes(11, valueInfo('input_ids', INT64, ['batch', 'seq'])),
    ...bytes(11, valueInfo('attention_mask', INT64, ['batch', 'seq'])),
    ...bytes(12, valueInfo('last_hidden_state', FLOAT, ['batch', 'seq', hidden])),
  ];
  const model = [...int(1, 8), ...str(2, 'mnemo-test'), ...bytes(7, graph), ...bytes(8, [...str(1, ''), ...int(2, 13)])];
  writeFileSync(join(dir, 'onnx', 'model.onnx'), Buffer.from(model));

  const special = (content: string, id: number) => ({ id, content, single_word: false, lstrip: false, rstrip: false, normalized: false, special: true });
  writeFileSync(
    join(dir, 'tokenizer.json'),
    JSON.stringify({
      version: '1.0',
      truncation: null,
      padding: null,
      added_tokens: [special('[PAD]', 0), special('[UNK]', 1)],
      normalizer: { type: 'BertNormalizer', clean_text: true, handle_chinese_chars: true, strip_accents: null, lowercase: true },
      pre_tokenizer: { type: 'BertPreTokenizer' },
      post_processor: null,
      decoder: { type: 'WordPiece', prefix: '##', cleanup: true },
      model: { type: 'WordPiece', unk_token: '[UNK]', continuing_subword_prefix: '##', max_input_chars_per_word: 100, vocab: Object.fromEntries(words.map((w, i) => [w, i])) },
    }),
  );
  writeFileSync(join(dir, 'tokenizer_config.json'), JSON.stringify({ tokenizer_class: 'BertTokenizer', model_max_length: 128, pad_token: '[PAD]', unk_token: '[UNK]', do_lower_case: true }));
  writeFileSync(join(dir, 'config.json'), JSON.stringify({ model_type: 'bert', architectures: ['BertModel'], hidden_size: hidden, vocab_size: words.length }));
}
