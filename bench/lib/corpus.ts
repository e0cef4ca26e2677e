/**
 * @module bench/lib/corpus
 * A deterministic, realistic stream of captured events for seeding a store: many sessions across
 * ~25 projects (one holding ~20% of the rows), turns of prompt → tool calls → conclusion, titles in
 * the shapes the capture layer writes (`Ran \`npm test\` → exit 1`, `Edited src/db/pool.ts (+4 −1)`),
 * bodies of logs, code and prose with a long tail of sizes, and about a quarter of the rows in Chinese
 * mixed with identifiers and paths. Words follow a Zipf distribution, so some query terms hit tens of
 * thousands of rows and others a handful, as in real memory.
 *
 * It builds `CapturedEvent`s directly (not through `captureEvent`) so the benchmark depends only on the
 * store's public contract.
 */
import type { CapturedCall, CapturedEvent, Kind, ObsType } from '../../src/core/types.ts';
import { rng, shuffle } from './stats.ts';

// ---------------------------------------------------------------------------------------------
// Vocabulary (roughly by frequency; sampled with a Zipf law over this order)

const EN = [
  ...'test error file function config build type fix update add run check server database connection request response module import return value query cache timeout retry pool session user token auth login api route handler middleware component render state hook event message queue worker job task schedule migration schema table index column row transaction lock memory leak performance latency benchmark log logger debug warning exception stack crash null undefined string number array object map list key hash json yaml parse serialize encode decode'.split(' '),
  ...'compress encrypt certificate tls http socket websocket stream buffer chunk upload download storage bucket backup restore snapshot replica shard cluster node container docker image kubernetes deploy release version upgrade rollback branch merge conflict commit rebase review refactor rename extract lint format typescript compile bundle esbuild vite mock stub fixture assertion coverage flaky pipeline workflow secret environment variable path directory permission process thread signal exit status code output input argument option flag default fallback limit offset page pagination sort filter search match pattern regex glob template layout style theme button form validation field modal dialog menu navigation router link redirect cookie header body payload endpoint graphql resolver mutation client sdk plugin extension adapter driver provider factory builder interface class method property constructor generic enum promise async await callback closure scope context'.split(' '),
  ...'throttle debounce backoff jitter idempotent checksum offset cursor watermark heartbeat lease quorum election gossip vector embedding tokenizer stemmer bigram trigram ranking fusion recall precision latency p95 histogram gauge counter span exporter collector sampler profiler flamegraph allocator arena slab mmap fsync wal checkpoint vacuum pragma sqlite postgres redis kafka nginx envoy grpc protobuf avro parquet arrow duckdb clickhouse elasticsearch opensearch lucene bm25 faiss onnx tensor cuda wasm webgpu electron tauri react vue svelte solid angular nextjs remix astro tailwind prisma drizzle sequelize typeorm knex zod yup ajv jest vitest mocha playwright cypress puppeteer storybook turborepo lerna pnpm yarn npm bun deno rust golang python django flask fastapi celery sidekiq rails laravel spring hibernate gradle maven cargo clippy rustfmt mypy ruff black isort pytest tox poetry conda'.split(' '),
];
/** Function words: most of any English sentence, dropped by the query planner. */
const EN_STOP = 'the a to of and in is for that it on with this be as was are not we now from at by an or but so if then when which has have can will should'.split(' ');

const SYLLABLES = 'ka ri mo ten sul vor pla nex dra qui zen lum bar cor fin gal hex jor kip lor mav nor pex rav sto tal umb vek wix yar zor bel cad dov fen gor hal isk jun kel'.split(' ');

/** The long tail: product names, customers, libraries, jargon of one team (thousands of rare words). */
function tailWords(r: Random, n: number): string[] {
  const out = new Set<string>();
  while (out.size < n) {
    const k = 2 + Math.floor(r() * 2);
    let w = '';
    for (let i = 0; i < k; i++) w += SYLLABLES[Math.floor(r() * SYLLABLES.length)]!;
    out.add(w);
  }
  return [...out];
}

const EN_CORE = [...new Set(EN)];

const ZH_WORDS = [
  ...'连接 错误 测试 修复 配置 数据库 缓存 超时 重试 问题 文件 函数 接口 请求 响应 日志 性能 内存 泄漏 并发 事务 索引 查询 优化 参数 模块 依赖 版本 升级 回滚 迁移 权限 认证 令牌 会话 路由 组件 渲染 状态 同步 异步 队列 消息 线程 进程 死锁 目录 路径 构建 编译 打包 发布 分支 合并 冲突 提交 代码 审查 重构 断言 失败 成功 警告 异常 崩溃 堆栈 调试 断点 变量 类型 检查 解析 序列化 编码 压缩 加密 签名 证书 网络 代理 端口 服务器 客户端 限流 熔断 降级 监控 告警 指标 延迟 吞吐量 容量 存储 备份 恢复 快照 分片 复制 集群 节点 容器 镜像 脚本 命令 终端 用户 需求 方案 设计 文档 注释 规范'.split(' '),
  ...'连接池 数据库连接 单元测试 集成测试 负载均衡 中间件 环境变量 字符集 格式化 主从复制 内存泄漏 重试机制 超时时间 回归测试 依赖注入 热更新 灰度发布 预发环境 生产环境 性能瓶颈'.split(' '),
];
const ZH_CHARS = '数据连接服务器用户请求响应错误测试文件配置缓存超时重试日志性能内存并发事务索引查询优化参数模块依赖版本升级回滚迁移权限认证令牌会话路由组件渲染状态同步异步队列消息线程进程目录路径构建编译打包发布分支合并冲突提交代码审查重构断言失败成功警告异常崩溃堆栈调试变量类型检查解析编码压缩加密签名证书网络代理端口客户限流熔断降级监控告警指标延迟吞吐容量存储备份恢复快照分片复制集群节点容器镜像脚本命令终端需求方案设计文档注释规范计算字段表格视图接口函数方法对象数组列表字典集合字符整数浮点布尔空值指针引用地址协议格式模板样式主题按钮表单窗口菜单导航链接页面布局动画图片视频音频上传下载导入导出订单支付账户余额库存商品价格折扣物流地图位置推送通知邮件短信验证码登录注册密码';

/** Rare Chinese words (two or three characters from common ones): the CJK long tail. */
function zhTailWords(r: Random, n: number, known: ReadonlySet<string>): string[] {
  const chars = Array.from(ZH_CHARS);
  const out = new Set<string>();
  while (out.size < n) {
    const k = r() < 0.7 ? 2 : 3;
    let w = '';
    for (let i = 0; i < k; i++) w += chars[Math.floor(r() * chars.length)]!;
    if (!known.has(w)) out.add(w);
  }
  return [...out];
}

const ZH_GLUE = '我们 需要 现在 已经 这个 那个 因为 所以 然后 但是 可以 应该 如果 还是 没有 一下 一些 之后 之前 里面 的 了 在 把 被 让 和 与 对 将'.split(' ');
const ZH_ASK = ['为什么', '怎么', '如何', '帮我', '看一下', '能不能', '请', '麻烦'];

const VERBS = 'get set create update delete fetch load save parse build resolve acquire release handle validate render compute init open close flush sync retry schedule dispatch emit register normalize encode decode'.split(' ');
const NOUNS = 'Connection Pool Session User Token Config Request Response Cache Query Index Migration Schema Lease Worker Job Event Message Queue Handler Route Plugin Context Snapshot Transaction Batch Chunk Stream Buffer Client'.split(' ');

const DIRS = ['src/db', 'src/api', 'src/auth', 'src/core', 'src/utils', 'src/components', 'src/hooks', 'src/server', 'src/workers', 'src/cli', 'lib', 'test', 'tests/integration', 'scripts', 'packages/web/src', 'packages/server/src', 'app/models', 'app/controllers', 'internal/store', 'cmd/server', 'pkg/cache'];
const STEMS = 'pool client index session config router handler middleware schema migrate queue worker cache logger auth token user store server utils types errors retry http metrics lease scheduler parser encoder search ranking embed importer exporter backup snapshot cluster health settings'.split(' ');
const LANGS = [
  { ext: 'ts', test: 'npm test', build: 'npm run build', lint: 'npx eslint .' },
  { ext: 'ts', test: 'npx vitest run', build: 'npx tsc --noEmit', lint: 'npm run lint' },
  { ext: 'py', test: 'pytest -q', build: 'python -m build', lint: 'ruff check .' },
  { ext: 'go', test: 'go test ./...', build: 'go build ./...', lint: 'go vet ./...' },
  { ext: 'rs', test: 'cargo test', build: 'cargo build --release', lint: 'cargo clippy' },
] as const;

const PROJECT_NAMES = 'atlas-api billing-service web-dashboard infra-terraform mobile-app data-pipeline search-indexer auth-gateway docs-site cli-tools ml-training notification-hub payments-core analytics-etl design-system chat-backend media-transcoder feature-flags admin-portal crawler-bot ledger-sync edge-proxy report-builder iot-collector sandbox'.split(' ');

// ---------------------------------------------------------------------------------------------

type Random = () => number;

/** Zipf sampler over ranks 0..n-1 (exponent s). */
function zipf(n: number, s: number): (r: Random) => number {
  const cum = new Float64Array(n);
  let acc = 0;
  for (let i = 0; i < n; i++) cum[i] = acc += 1 / Math.pow(i + 1, s);
  return (r) => {
    const x = r() * acc;
    let lo = 0;
    let hi = n - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cum[mid]! < x) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
}

function pickFrom<T>(items: readonly T[], sampler: (r: Random) => number, r: Random): T {
  return items[Math.min(items.length - 1, sampler(r))]!;
}
const pick = <T>(items: readonly T[], r: Random): T => items[Math.floor(r() * items.length)]!;
const between = (lo: number, hi: number, r: Random): number => lo + Math.floor(r() * (hi - lo + 1));

/** Identifiers in camelCase, plus some PascalCase classes; `acquireConnection` sits among the frequent ones. */
function buildIdentifiers(r: Random): string[] {
  const out: string[] = [];
  for (const v of VERBS) for (const n of NOUNS) out.push(v + n);
  for (const a of NOUNS) for (const b of ['Store', 'Manager', 'Service', 'Error', 'Factory', 'Options']) out.push(a + b);
  const shuffled = shuffle(out, r).filter((x) => x !== 'acquireConnection');
  shuffled.splice(12, 0, 'acquireConnection');
  return shuffled;
}

function buildPaths(r: Random): string[] {
  const out: string[] = [];
  for (const d of DIRS) for (const s of STEMS) out.push(`${d}/${s}`);
  const shuffled = shuffle(out, r).filter((x) => x !== 'src/db/pool');
  shuffled.splice(5, 0, 'src/db/pool');
  return shuffled;
}

export interface CorpusVocabulary {
  readonly en: readonly string[];
  readonly zh: readonly string[];
  readonly identifiers: readonly string[];
  /** Paths without extension; each project gives them its language's extension. */
  readonly pathStems: readonly string[];
}

const EN_TAIL = 4000;
const ZH_TAIL = 1500;

export interface Project {
  readonly path: string;
  readonly name: string;
  readonly ext: string;
  readonly lang: (typeof LANGS)[number];
  /** Share of the rows this project receives. */
  readonly weight: number;
  /** This project's identifiers and path stems, most used first: each codebase has its own names. */
  readonly identifiers: readonly string[];
  readonly pathStems: readonly string[];
}

export interface CorpusOptions {
  readonly observations: number;
  readonly seed?: number;
  /** Canonical path of the project that receives ~20% of the rows (default: a fake path). */
  readonly bigProjectPath?: string;
  /** Where the other projects live (default `/home/dev/code`). */
  readonly projectRoot?: string;
  /** Time of the newest observation (default: now). */
  readonly endAt?: number;
  /** Days the history spans (default 365). */
  readonly spanDays?: number;
}

export interface CorpusStats {
  observations: number;
  sessions: number;
  cjkRows: number;
  rawBytes: number;
  byType: Record<string, number>;
  byProject: Record<string, number>;
}

const HAS_HAN = /\p{Script=Han}/u;

interface ToolRow {
  readonly type: ObsType;
  readonly kind: Kind;
  readonly title: string;
  readonly body: string;
  readonly files: string[];
  readonly toolName: string;
  readonly input: unknown;
  readonly response?: unknown;
  readonly error?: string;
}

type Draft = { kind: Kind; type: ObsType; title: string; body: string; files?: string[]; toolName?: string; tags?: string; call?: Omit<CapturedCall, 'phase' | 'toolName' | 'cwd'> };

export class Corpus {
  readonly vocab: CorpusVocabulary;
  readonly projects: readonly Project[];
  readonly bigProject: Project;
  readonly stats: CorpusStats;
  readonly #opts: Required<Omit<CorpusOptions, 'bigProjectPath'>> & { bigProjectPath: string };
  readonly #en: (r: Random) => number;
  readonly #zh: (r: Random) => number;
  readonly #ident: (r: Random) => number;
  readonly #path: (r: Random) => number;

  constructor(opts: CorpusOptions) {
    const root = opts.projectRoot ?? '/home/dev/code';
    this.#opts = {
      observations: opts.observations,
      seed: opts.seed ?? 20240607,
      projectRoot: root,
      bigProjectPath: opts.bigProjectPath ?? `${root}/${PROJECT_NAMES[0]}`,
      endAt: opts.endAt ?? Date.now(),
      spanDays: opts.spanDays ?? 365,
    };
    const r = rng(this.#opts.seed);
    const en = [...EN_CORE, ...tailWords(r, EN_TAIL).filter((w) => !EN_CORE.includes(w))];
    const zh = [...ZH_WORDS, ...zhTailWords(r, ZH_TAIL, new Set(ZH_WORDS))];
    this.vocab = { en, zh, identifiers: buildIdentifiers(r), pathStems: buildPaths(r) };
    this.#en = zipf(en.length, 1.0);
    this.#zh = zipf(zh.length, 1.0);
    this.#ident = zipf(this.vocab.identifiers.length, 1.0);
    this.#path = zipf(this.vocab.pathStems.length, 0.9);
    // One project holds 20%; the rest share 80% with a gentle skew.
    const rest = PROJECT_NAMES.slice(1).map((_, i) => 1 / Math.pow(i + 1, 0.7));
    const restSum = rest.reduce((a, b) => a + b, 0);
    this.projects = PROJECT_NAMES.map((name, i) => {
      const lang = i === 0 ? LANGS[0] : LANGS[i % LANGS.length]!;
      return {
        name,
        path: i === 0 ? this.#opts.bigProjectPath : `${root}/${name}`,
        lang,
        ext: lang.ext,
        weight: i === 0 ? 0.2 : (0.8 * rest[i - 1]!) / restSum,
        // The big project keeps the canonical order (`acquireConnection` and `src/db/pool` near the top).
        identifiers: i === 0 ? this.vocab.identifiers : shuffle([...this.vocab.identifiers], r),
        pathStems: i === 0 ? this.vocab.pathStems : shuffle([...this.vocab.pathStems], r),
      };
    });
    this.bigProject = this.projects[0]!;
    this.stats = { observations: 0, sessions: 0, cjkRows: 0, rawBytes: 0, byType: {}, byProject: {} };
  }

  // --- text pieces ----------------------------------------------------------------------------

  word(r: Random): string {
    return pickFrom(this.vocab.en, this.#en, r);
  }
  zhWord(r: Random): string {
    return pickFrom(this.vocab.zh, this.#zh, r);
  }
  ident(p: Project, r: Random): string {
    return pickFrom(p.identifiers, this.#ident, r);
  }
  /** A project-relative path with the project's extension. */
  file(p: Project, r: Random): string {
    return `${pickFrom(p.pathStems, this.#path, r)}.${p.ext}`;
  }

  private enSentence(p: Project, r: Random, n: number): string {
    const out: string[] = [];
    for (let i = 0; i < n; i++) {
      const x = r();
      out.push(x < 0.3 ? pick(EN_STOP, r) : x < 0.37 ? this.ident(p, r) : x < 0.4 ? this.file(p, r) : this.word(r));
    }
    return out.join(' ');
  }

  private zhSentence(p: Project, r: Random, n: number): string {
    let s = '';
    for (let i = 0; i < n; i++) {
      const x = r();
      if (x < 0.08) s += ` ${this.ident(p, r)} `;
      else if (x < 0.12) s += ` ${this.file(p, r)} `;
      else if (x < 0.4) s += pick(ZH_GLUE, r);
      else s += this.zhWord(r);
      if (i > 0 && i % 7 === 6) s += '，';
    }
    return s.trim() + '。';
  }

  private sentence(p: Project, r: Random, zh: boolean, n: number): string {
    return zh ? this.zhSentence(p, r, n) : this.enSentence(p, r, n);
  }

  private codeLine(p: Project, r: Random, zh: boolean): string {
    const lc = (s: string) => s[0]!.toLowerCase() + s.slice(1);
    const noun = pick(NOUNS, r);
    switch (between(0, 7, r)) {
      case 0:
        return `const ${lc(noun)} = await ${this.ident(p, r)}(${lc(pick(NOUNS, r))}, { ${this.word(r)}: ${between(1, 5000, r)} });`;
      case 1:
        return `if (!${lc(noun)}) throw new ${noun}Error('${this.enSentence(p, r, 3)}');`;
      case 2:
        return `export function ${this.ident(p, r)}(${lc(noun)}: ${noun}): ${pick(NOUNS, r)} {`;
      case 3:
        return `  return ${this.ident(p, r)}(${lc(noun)}.${this.word(r)});`;
      case 4:
        return `// ${this.sentence(p, r, zh, between(4, 10, r))}`;
      case 5:
        return `import { ${this.ident(p, r)} } from './${this.file(p, r).split('/').pop()!.replace(/\.\w+$/, '')}';`;
      case 6:
        return `  ${lc(noun)}.${this.word(r)} = ${between(0, 100, r)};`;
      default:
        return '}';
    }
  }

  private logLine(p: Project, r: Random, zh: boolean): string {
    switch (between(0, 6, r)) {
      case 0:
        return `  ✓ ${this.ident(p, r)} ${this.sentence(p, r, zh, between(3, 7, r))} (${between(1, 900, r)} ms)`;
      case 1:
        return `  ✗ ${this.ident(p, r)} ${this.sentence(p, r, zh, between(3, 7, r))}`;
      case 2:
        return `Error: ${this.word(r)} ${this.word(r)}: ${this.sentence(p, r, zh, between(3, 8, r))}\n    at ${this.ident(p, r)} (${this.file(p, r)}:${between(1, 400, r)}:${between(1, 60, r)})`;
      case 3:
        return `[${String(between(0, 23, r)).padStart(2, '0')}:${String(between(0, 59, r)).padStart(2, '0')}:${String(between(0, 59, r)).padStart(2, '0')}] INFO ${this.word(r)}: ${this.sentence(p, r, zh, between(4, 9, r))}`;
      case 4:
        return `${this.file(p, r)}:${between(1, 400, r)}:${between(1, 60, r)} - error TS${between(2000, 2999, r)}: ${this.sentence(p, r, zh, between(4, 9, r))}`;
      case 5:
        return `WARN ${this.word(r)} ${this.word(r)} ${this.sentence(p, r, zh, between(2, 6, r))}`;
      default:
        return `${between(1, 99, r)} passing, ${between(0, 5, r)} failing, ${between(0, 3, r)} pending`;
    }
  }

  /** Lines from `make` until the text reaches `target` characters. */
  private fill(target: number, make: () => string): string {
    const lines: string[] = [];
    let len = 0;
    while (len < target) {
      const l = make();
      lines.push(l);
      len += l.length + 1;
    }
    return lines.join('\n');
  }

  /** Body sizes with a long tail: mostly a few hundred characters, sometimes whole truncated outputs. */
  private bodyTarget(r: Random): number {
    const x = r();
    if (x < 0.55) return between(120, 450, r);
    if (x < 0.88) return between(450, 1400, r);
    return between(1400, 4000, r);
  }

  private command(p: Project, r: Random): string {
    switch (between(0, 9, r)) {
      case 0:
      case 1:
        return p.lang.test;
      case 2:
        return `${p.lang.test} ${this.file(p, r).replace(/\.\w+$/, '')}`;
      case 3:
        return p.lang.build;
      case 4:
        return p.lang.lint;
      case 5:
        return 'git status';
      case 6:
        return `git diff --stat ${pick(['HEAD~1', 'main', 'origin/main'], r)}`;
      case 7:
        return `rg -n ${this.ident(p, r)} ${this.file(p, r).split('/')[0]}`;
      case 8:
        return `docker compose up -d ${this.word(r)}`;
      default:
        return `curl -s localhost:${between(3000, 9000, r)}/api/${this.word(r)}`;
    }
  }

  // --- observations ---------------------------------------------------------------------------

  /**
   * One tool call: the observation the capture layer would write, plus the structured call it hands to
   * extraction at ingest (`CapturedEvent.call`), so seeding pays for extraction as live hooks do.
   */
  private toolRow(p: Project, r: Random, zh: boolean): ToolRow {
    const abs = (f: string) => `${p.path}/${f}`;
    const target = this.bodyTarget(r);
    const x = r();
    if (x < 0.36) {
      const cmd = this.command(p, r);
      const exit = r() < 0.2 ? between(1, 2, r) : 0;
      const desc = zh ? this.zhSentence(p, r, 3).replace(/。$/, '') : `${this.word(r)} ${this.word(r)}`;
      const out = this.fill(target, () => this.logLine(p, r, zh));
      return {
        type: 'command',
        kind: 'tool',
        toolName: 'Bash',
        title: `Ran \`${cmd}\`${exit ? ` → exit ${exit}` : ''}`,
        body: `Input: ${JSON.stringify({ command: cmd, description: desc })}\nOutput:\n${out}`,
        files: [],
        input: { command: cmd, description: desc },
        response: { stdout: out, stderr: exit ? 'Process exited with code ' + exit : '', interrupted: false },
      };
    }
    if (x < 0.6) {
      const f = this.file(p, r);
      const write = r() < 0.2;
      const code = () => this.codeLine(p, r, zh);
      const half = Math.max(60, target / 2);
      const input = write
        ? { file_path: abs(f), content: this.fill(target, code) }
        : { file_path: abs(f), old_string: this.fill(half, code), new_string: this.fill(half, code) };
      return {
        type: 'change',
        kind: 'tool',
        toolName: write ? 'Write' : 'Edit',
        title: write ? `Wrote ${f} (${between(5, 400, r)} lines)` : `Edited ${f} (+${between(1, 40, r)} −${between(0, 30, r)})`,
        body: `Input: ${JSON.stringify(input)}\nOutput:\n{"filePath":"${abs(f)}","userModified":false}`,
        files: [abs(f)],
        input,
        response: write
          ? { type: 'create', filePath: abs(f), content: input.content }
          : { filePath: abs(f), oldString: input.old_string, newString: input.new_string, originalFile: this.fill(target * 3, code), userModified: false, replaceAll: false },
      };
    }
    if (x < 0.92) {
      if (r() < 0.6) {
        const f = this.file(p, r);
        const content = this.fill(target, () => this.codeLine(p, r, zh));
        const lines = between(20, 900, r);
        return {
          type: 'discovery',
          kind: 'tool',
          toolName: 'Read',
          title: `Read ${f} (${lines} lines)`,
          body: `Input: ${JSON.stringify({ file_path: abs(f) })}\nOutput:\n${content}`,
          files: [abs(f)],
          input: { file_path: abs(f) },
          response: { type: 'text', file: { filePath: abs(f), content, numLines: content.split('\n').length, startLine: 1, totalLines: lines } },
        };
      }
      const pattern = r() < 0.7 ? this.ident(p, r) : this.word(r);
      const hits = between(0, 12, r);
      const files = Array.from({ length: hits }, () => this.file(p, r));
      return {
        type: 'discovery',
        kind: 'tool',
        toolName: 'Grep',
        title: `Searched for "${pattern}" in ${files[0]?.split('/')[0] ?? 'src'} (${hits} files)`,
        body: `Input: ${JSON.stringify({ pattern, path: abs('src') })}\nOutput:\n${files.join('\n')}`,
        files: files.slice(0, 5).map(abs),
        input: { pattern, path: abs('src') },
        response: { mode: 'files_with_matches', filenames: files.map(abs), numFiles: hits },
      };
    }
    const cmd = this.command(p, r);
    const why = this.logLine(p, r, zh).split('\n')[0]!;
    const error = this.fill(target, () => this.logLine(p, r, zh));
    return {
      type: 'error',
      kind: 'error',
      toolName: 'Bash',
      title: `Failed: Ran \`${cmd}\` — ${why.slice(0, 80)}`,
      body: `Input: ${JSON.stringify({ command: cmd })}\nError:\n${error}`,
      files: [],
      input: { command: cmd },
      error,
    };
  }

  private prompt(p: Project, r: Random, zh: boolean): string {
    if (zh) {
      return `${pick(ZH_ASK, r)}${this.zhSentence(p, r, between(4, 14, r))}${r() < 0.5 ? ` 看看 ${this.file(p, r)}` : ''}`;
    }
    const openers = ['why does', 'can you fix', 'please check', 'add a test for', 'refactor', 'what happened to', 'look at', 'make'];
    return `${pick(openers, r)} ${this.enSentence(p, r, between(4, 16, r))}${r() < 0.5 ? ` in ${this.file(p, r)}` : ''}`;
  }

  private conclusion(p: Project, r: Random, zh: boolean): string {
    const n = between(2, 6, r);
    const parts: string[] = [];
    for (let i = 0; i < n; i++) parts.push(this.sentence(p, r, zh, between(8, 22, r)));
    return parts.join(zh ? '' : '. ');
  }

  private oneLine(text: string, max: number): string {
    const t = text.replace(/\s+/g, ' ').trim();
    return t.length <= max ? t : `${t.slice(0, max - 1)}…`;
  }

  /** The events of one session, in order. */
  private session(index: number, p: Project, start: number, r: Random, budget: number): { events: CapturedEvent[]; end: number } {
    const sid = `bench-${this.#opts.seed}-${index.toString(36)}-${Math.floor(r() * 1e9).toString(36)}`;
    const branch = r() < 0.6 ? 'main' : `feat/${this.word(r)}-${this.word(r)}`;
    const place = { project: p.path, branch };
    const zhSession = r() < 0.5;
    let at = start;
    let seq = 0;
    const events: CapturedEvent[] = [];
    const base = (event: CapturedEvent['event']) => ({ uid: `${sid}-${seq++}`, at, event, platform: 'claude-code' as const, externalSessionId: sid, place });
    events.push({ ...base('SessionStart'), session: { source: 'startup' } });
    let made = 0;
    const push = (event: CapturedEvent['event'], draft: Draft, dedupeKey?: string) => {
      at += between(2_000, 90_000, r);
      const toolUseId = draft.toolName ? `toolu_01${Math.floor(r() * 2 ** 52).toString(36)}${seq.toString(36)}` : undefined;
      const files = draft.files ?? [];
      const observation = {
        kind: draft.kind,
        type: draft.type,
        title: this.oneLine(draft.title, 160),
        body: draft.body,
        files,
        private: false,
        ...(draft.toolName ? { toolName: draft.toolName, toolUseId } : {}),
        ...(draft.tags ? { tags: draft.tags } : {}),
      };
      const call: CapturedCall | undefined =
        draft.toolName && draft.call ? { toolName: draft.toolName, ...draft.call, phase: 'post', cwd: p.path } : undefined;
      events.push({ ...base(event), dedupeKey: dedupeKey ?? (toolUseId ? `post:${toolUseId}` : `${event}:${seq}`), observation, ...(call ? { call } : {}) });
      made++;
      const s = this.stats;
      s.observations++;
      s.byType[draft.type] = (s.byType[draft.type] ?? 0) + 1;
      s.byProject[p.name] = (s.byProject[p.name] ?? 0) + 1;
      if (HAS_HAN.test(observation.title) || HAS_HAN.test(observation.body)) s.cjkRows++;
      s.rawBytes += Buffer.byteLength(observation.title) + Buffer.byteLength(observation.body) + Buffer.byteLength(observation.tags ?? '') + Buffer.byteLength(JSON.stringify(files));
    };
    // Sessions are long: a few dozen to a few hundred calls over several turns.
    const size = Math.min(budget, between(10, 90, r));
    while (made < size) {
      const zh = zhSession && r() < 0.65;
      const promptText = this.prompt(p, r, zh);
      push('UserPromptSubmit', { kind: 'user', type: 'prompt', title: promptText, body: promptText }, `prompt:${seq}`);
      const calls = between(2, 14, r);
      for (let i = 0; i < calls && made < size; i++) {
        const zhRow = zhSession && r() < 0.65;
        const t = this.toolRow(p, r, zhRow);
        const { input, response, error, ...obs } = t;
        push(t.type === 'error' ? 'PostToolUseFailure' : 'PostToolUse', {
          ...obs,
          tags: [t.toolName, ...t.files.map((f) => f.split('/').pop()!)].join(' '),
          call: { input, ...(response !== undefined ? { response } : {}), ...(error !== undefined ? { error, failed: true } : {}) },
        });
      }
      if (made >= size) break;
      const x = r();
      if (x < 0.04) {
        const text = this.conclusion(p, r, zh);
        const question = this.sentence(p, r, zh, 8);
        push('PostToolUse', {
          kind: 'decision',
          type: 'decision',
          title: `Asked the user: ${question}`,
          body: text,
          toolName: 'AskUserQuestion',
          call: { input: { questions: [{ question, options: [{ label: 'yes' }, { label: 'no' }] }] }, response: { answers: { [question]: text.slice(0, 200) } } },
        });
      } else if (x < 0.08) {
        const text = this.conclusion(p, r, zh);
        push('SubagentStop', { kind: 'note', type: 'subagent', title: `Subagent Explore finished: ${text}`, body: text });
      } else if (x < 0.1) {
        const text = this.conclusion(p, r, zh);
        push('PostCompact', { kind: 'note', type: 'compact', title: `Compacted: ${text}`, body: text });
      }
      if (made >= size) break;
      const answer = this.conclusion(p, r, zh);
      push('Stop', { kind: 'note', type: 'conclusion', title: answer, body: answer });
    }
    at += between(10_000, 120_000, r);
    events.push({ ...base('SessionEnd'), session: { endReason: pick(['prompt_input_exit', 'clear', 'logout', 'other'], r) } });
    this.stats.sessions++;
    return { events, end: at };
  }

  /**
   * The whole history, oldest first, in batches of about `batchSize` events (a session is never split
   * across more batches than its size needs). Each call starts the same deterministic stream afresh.
   */
  *batches(batchSize: number): Generator<CapturedEvent[]> {
    const r = rng(this.#opts.seed ^ 0x5eed);
    const total = this.#opts.observations;
    const spanMs = this.#opts.spanDays * 86_400_000;
    const startAt = this.#opts.endAt - spanMs;
    const projectCum: number[] = [];
    let acc = 0;
    for (const p of this.projects) projectCum.push((acc += p.weight));
    const pickProject = () => {
      const x = r() * acc;
      return this.projects[projectCum.findIndex((c) => c >= x)] ?? this.projects[0]!;
    };
    let produced = 0;
    let index = 0;
    let batch: CapturedEvent[] = [];
    while (produced < total) {
      // Spread sessions evenly over the span, in order.
      const at = startAt + Math.floor((produced / total) * spanMs);
      const before = this.stats.observations;
      const { events } = this.session(index++, pickProject(), at, r, total - produced);
      produced += this.stats.observations - before;
      for (const ev of events) {
        batch.push(ev);
        if (batch.length >= batchSize) {
          yield batch;
          batch = [];
        }
      }
    }
    if (batch.length) yield batch;
  }

  // --- queries --------------------------------------------------------------------------------

  /** Query sets of `n` each, drawn with the same frequency laws as the corpus (common terms asked often). */
  queries(n: number, seed = 7): { english: string[]; cjk: string[]; identifier: string[]; path: string[] } {
    const r = rng(seed);
    const english: string[] = [];
    const cjk: string[] = [];
    const identifier: string[] = [];
    const path: string[] = [];
    const big = this.bigProject;
    for (let i = 0; i < n; i++) {
      const k = between(1, 3, r);
      english.push(Array.from({ length: k }, () => this.word(r)).join(' '));
      // 2–4 characters: one word, or two short words run together (`连接重试`).
      let q = this.zhWord(r);
      if (Array.from(q).length === 2 && r() < 0.4) {
        const w = this.zhWord(r);
        if (Array.from(w).length === 2) q += w;
      }
      while (Array.from(q).length > 4) q = this.zhWord(r);
      cjk.push(q);
      // Half the lookups are in the big project, the rest spread over the others.
      const p = r() < 0.5 ? big : this.projects[between(1, this.projects.length - 1, r)]!;
      identifier.push(this.ident(p, r));
      path.push(this.file(p, r));
    }
    return { english, cjk, identifier, path };
  }
}
