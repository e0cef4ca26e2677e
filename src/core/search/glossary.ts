/**
 * @module core/search/glossary
 * A bilingual glossary of programming terms (Chinese ↔ English), used as query expansion so that a
 * Chinese question finds an English session (`测试报错` → `test error`) and an English question finds
 * a Chinese one (`connection pool` → `连接池`). Translations are searched as a separate ranked list and
 * fused with the original query (see core/search/fusion), so they add recall without drowning the
 * terms the user actually typed. Pure data and lookups; no I/O.
 */

/** Each line: Chinese terms | English terms (comma-separated). The first English term is the usual one. */
const ENTRIES = `
连接池|connection pool,pool
数据库连接|database connection
连接|connection,connect
重试|retry,retries
报错,错误,出错|error,errors
失败|fail,failed,failure
成功|success,succeeded,passed
测试|test,tests
单元测试|unit test
集成测试|integration test
覆盖率|coverage
部署|deploy,deployment
发布|release,publish
数据库|database,db
超时|timeout,timed out
提交|commit
预提交|pre-commit
推送|push
拉取|pull,fetch
上游|upstream
分支|branch
合并|merge
冲突|conflict
变基|rebase
回滚|rollback,revert
配置|config,configuration,settings
迁移|migration,migrate
文件|file
目录|directory,folder
路径|path
函数|function
方法|method
乘法|multiply
加法|add,sum
脚本|script
命令|command
终端|terminal,xterm
滚动|scroll,scrollback
服务器|server
服务|service
客户端|client
启动|start,startup,boot
开始|start,begin
停止|stop
重启|restart
太大|too large,exceeds
读取|read
写入|write
删除|delete,remove,rm
创建|create,created
修复|fix,fixed
修改|change,modify,edit
编辑|edit
添加,新增|add,added
更新|update
警告|warning
钩子|hook,hooks
会话|session
输出|output,stdout
输入|input,stdin
格式|format
格式化|format,formatter
后台|background
任务|task,tasks
代码质量|code quality,lint
工具|tool,tools
依赖|dependency,dependencies,deps
版本|version
升级|upgrade
编译|compile,build
构建|build
打包|bundle,package
日志|log,logs
缓存|cache
内存|memory
泄漏|leak
性能|performance
索引|index
查询|query
接口|interface,api
请求|request
响应|response
认证|auth,authentication
令牌|token
权限|permission,permissions
路由|route,router
组件|component,components
渲染|render,renderer
状态|state,status
标注|annotation,annotations
注释|comment,docstring
文档|docs,documentation,readme
模块|module
页面|page
环境变量|environment variable,env
密钥|secret,key
密码|password
打印|print
调试|debug
断言|assert,assertion
异常|exception
崩溃|crash
堆栈|stack trace,stack
镜像|image
容器|container
队列|queue
线程|thread
进程|process
并发|concurrency,concurrent
死锁|deadlock
事务|transaction
序列化|serialize
解析|parse,parser
编码|encoding,encode
加密|encrypt
签名|signature
证书|certificate
代理|proxy
端口|port
网络|network
下载|download
上传|upload
安装|install
移植|port,porting
类型|type,types
静态分析|static analysis,dialyzer,lint
变量|variable
参数|parameter,argument
返回|return
字段|field
重构|refactor
审查|review
代码审查|code review
分页|pagination
排序|sort
过滤|filter
搜索|search
正则|regex
模板|template
样式|style,css
按钮|button
表单|form
插件|plugin
用户|user
登录|login
笑话|joke
待办|todo
检查|check
跳过|skip
不存在|does not exist,no such file,not found
找不到,未找到|not found
不起作用,不工作,不生效|not working,does not work
无法|cannot,unable
缺少|missing
后来|later
`;

/** Chinese words that only add noise to a question (particles, pronouns, question words). */
export const ZH_STOP_WORDS: ReadonlySet<string> = new Set(
  ('的 了 吗 呢 吧 啊 呀 是 在 把 被 和 与 及 或 都 也 就 还 很 我 你 他 她 它 我们 你们 他们 这 那 这个 那个 哪 哪个 哪些 个 些 ' +
    '什么 怎么 怎样 为什么 如何 是否 时候 一下 里 让 给 要 从 到 时 有 没有 多少 哪里 后 之后 以后 提示 怎么办').split(' '),
);

interface Entry {
  readonly zh: readonly string[];
  readonly en: readonly string[];
}

const PARSED: readonly Entry[] = ENTRIES.trim()
  .split('\n')
  .map((line) => {
    const [zh = '', en = ''] = line.split('|');
    return { zh: zh.split(','), en: en.split(',') };
  });

/** Chinese term → English terms. */
const ZH_TO_EN = new Map<string, readonly string[]>();
/** English term (lower case, words joined by one space) → Chinese terms. */
const EN_TO_ZH = new Map<string, string[]>();
for (const e of PARSED) {
  for (const z of e.zh) ZH_TO_EN.set(z, [...(ZH_TO_EN.get(z) ?? []), ...e.en]);
  for (const w of e.en) {
    const list = EN_TO_ZH.get(w) ?? [];
    for (const z of e.zh) if (!list.includes(z)) list.push(z);
    EN_TO_ZH.set(w, list);
  }
}

/** Longest Chinese entry or stop word, in characters: bounds the greedy match below. */
const MAX_ZH = Math.max(...[...ZH_TO_EN.keys(), ...ZH_STOP_WORDS].map((w) => Array.from(w).length));
/** Longest English entry, in words. */
const MAX_EN_WORDS = Math.max(...[...EN_TO_ZH.keys()].map((w) => w.split(' ').length));

/** One piece of a Chinese run, as `segmentCjk` splits it. */
export interface CjkSegment {
  readonly text: string;
  /** 'term': a glossary word; 'stop': a particle or question word; 'other': anything else. */
  readonly kind: 'term' | 'stop' | 'other';
}

/**
 * Split a run of Chinese characters into glossary terms, stop words and the rest, by greedy
 * longest match from the left. `为什么提交失败了` → 为什么(stop) 提交(term) 失败(term) 了(stop).
 */
export function segmentCjk(run: string): CjkSegment[] {
  const chars = Array.from(run);
  const out: CjkSegment[] = [];
  let other = '';
  const flush = () => {
    if (other) out.push({ text: other, kind: 'other' });
    other = '';
  };
  let i = 0;
  while (i < chars.length) {
    let matched = false;
    for (let n = Math.min(MAX_ZH, chars.length - i); n >= 1; n--) {
      const w = chars.slice(i, i + n).join('');
      const kind = ZH_TO_EN.has(w) ? 'term' : ZH_STOP_WORDS.has(w) ? 'stop' : undefined;
      if (!kind) continue;
      flush();
      out.push({ text: w, kind });
      i += n;
      matched = true;
      break;
    }
    if (!matched) other += chars[i++]!;
  }
  flush();
  return out;
}

/**
 * English translations of a Chinese glossary term (empty when unknown), without inflected forms of an
 * earlier one (`errors` after `error`, `failed` after `fail`): the stemmer folds those together, and
 * each extra phrase costs a scan of its index entries.
 */
export function englishFor(zh: string): readonly string[] {
  const all = ZH_TO_EN.get(zh) ?? [];
  return all.filter((w, i) => !all.slice(0, i).some((earlier) => !earlier.includes(' ') && w !== earlier && w.startsWith(earlier)));
}

/**
 * Chinese translations of English words, matching the longest glossary phrase first
 * (`connection pool timeout` → 连接池, 超时). Words are lower-case query words.
 */
export function chineseFor(words: readonly string[]): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < words.length) {
    let step = 1;
    for (let n = Math.min(MAX_EN_WORDS, words.length - i); n >= 1; n--) {
      const zh = EN_TO_ZH.get(words.slice(i, i + n).join(' '));
      if (!zh) continue;
      for (const z of zh) if (!out.includes(z)) out.push(z);
      step = n;
      break;
    }
    i += step;
  }
  return out;
}
