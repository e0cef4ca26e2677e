/**
 * @module embed/onnx
 * A local ONNX sentence-embedding model the user points at (a folder with `config.json`,
 * `tokenizer.json` and `onnx/model.onnx`, e.g. a MiniLM or multilingual-e5 export), run by
 * `@huggingface/transformers` with remote models disabled: nothing is downloaded at run time.
 *
 * The runtime is an optional peer, not a dependency: it weighs ~475 MB of node_modules and costs
 * 300–430 ms to import, so mnemo loads it only here, only in the long-lived MCP server or
 * `mnemo embed`, and only when `MNEMO_EMBEDDER=onnx`. Install it next to mnemo with
 * `ONNXRUNTIME_NODE_INSTALL=skip npm install @huggingface/transformers`.
 */
import { basename, dirname, resolve } from 'node:path';
import { EmbedError, normalize, type Embedder } from './types.ts';

/** The model folder, optional query/passage prefixes, and how to load the runtime. */
export interface OnnxEmbedderOptions {
  /** Folder of the exported model. */
  readonly modelPath: string;
  /** Text put before queries and documents (e5 models want `query: ` / `passage: `). */
  readonly queryPrefix?: string;
  readonly documentPrefix?: string;
  /** Loads the runtime module (default: `import('@huggingface/transformers')`); tests point it elsewhere. */
  readonly runtime?: () => Promise<unknown>;
}

type Extractor = (texts: string[], opts: { pooling: 'mean'; normalize: boolean }) => Promise<{ tolist(): number[][] }>;

/** The module name is built at run time so bundlers and type-checkers leave the optional peer alone. */
const RUNTIME = ['@huggingface', 'transformers'].join('/');

/** An embedder over a local ONNX model (mean pooling, normalised); loads the runtime on first use. */
export function createOnnxEmbedder(opts: OnnxEmbedderOptions): Embedder {
  const full = resolve(opts.modelPath);
  let extractor: Promise<Extractor> | undefined;
  const load = (): Promise<Extractor> =>
    (extractor ??= (async () => {
      let hf: { env: Record<string, unknown>; pipeline: (task: string, model: string, o: object) => Promise<Extractor> };
      try {
        hf = (await (opts.runtime ?? (() => import(RUNTIME)))()) as typeof hf;
      } catch (err) {
        throw new EmbedError('MNEMO_EMBEDDER=onnx needs @huggingface/transformers: ONNXRUNTIME_NODE_INSTALL=skip npm install @huggingface/transformers', { cause: err });
      }
      hf.env.allowRemoteModels = false;
      hf.env.allowLocalModels = true;
      hf.env.localModelPath = dirname(full);
      try {
        return await hf.pipeline('feature-extraction', basename(full), { local_files_only: true, dtype: 'fp32' });
      } catch (err) {
        throw new EmbedError(`cannot load the ONNX model in ${full}: ${(err as Error).message}`, { cause: err });
      }
    })());
  return {
    id: `onnx:${basename(full)}`,
    async embed(texts, purpose) {
      if (texts.length === 0) return [];
      const run = await load();
      const prefix = (purpose === 'query' ? opts.queryPrefix : opts.documentPrefix) ?? '';
      const out = await run(texts.map((t) => prefix + t), { pooling: 'mean', normalize: true });
      return out.tolist().map((v) => normalize(v));
    },
  };
}
