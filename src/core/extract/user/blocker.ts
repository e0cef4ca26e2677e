/**
 * @module core/extract/user/blocker
 * Is the user reporting an error (blocker) or its fix (blocker_resolved)? Judged from the
 * structure of what they pasted: stack frames of any runtime, `Name: message` error lines, and
 * compiler diagnostics, whose shape does not change with the language of the message ("Ошибка:",
 * "错误：", "エラー:" are the same label structure). Prose mentioning "error handling" or a
 * summary like "42 passed, 0 failed" has none of these shapes.
 */

/** Stack frames of JS, Java/Kotlin, C#, Python, Go, Rust, Ruby, PHP, Elixir. */
const FRAME_RES: readonly RegExp[] = [
  /^\s*at\s+(?:async\s+)?(?:[\w$.<>[\]\s]+\s+\()?(?:file:\/\/|\/|[A-Za-z]:\\|node:|<anonymous>|webpack:|\w[\w./@-]*\.(?:m?js|cjs|jsx|tsx?|vue|svelte))[^\n]*?:\d+(?::\d+)?\)?\s*$/m,
  /^\s*at\s+[\w$.]+\([\w$]+\.(?:java|kt|scala|groovy):\d+\)|^\s*at\s+[\w$.]+\((?:Native Method|Unknown Source)\)/m,
  /^\s*at\s+[\w.<>`]+\(.*\)\s+in\s+.+:line\s+\d+/m,
  /^\s*File\s+"[^"\n]+",\s+line\s+\d+/m,
  /^goroutine\s+\d+\s+\[|^\s+\/\S+\.go:\d+/m,
  /thread '[^'\n]+' panicked at|^\s*\d+:\s+0x[0-9a-f]+\s+-\s+/m,
  /^\s*(?:from\s+)?[\w./-]+\.rb:\d+:in\s+/m,
  /^#\d+\s+\S+\.php\(\d+\):/m,
  /^\s+\([\w_]+ [\d.]+\) \S+\.exs?:\d+:/m,
];

/** Error lines: `Traceback`, `TypeError: …`, `panic: …`, `error[E0308]`, `error TS2345`, `file:1:2: error:`. */
const ERROR_LINE_RE = /^\s*(?:Traceback \(most recent call last\)|(?:Uncaught\s+)?(?:[\w$.]*(?:Error|Exception|Panic|Fault)|panic|fatal error|FATAL|ERROR|error|Segmentation fault)\b(?:\[\w+\])?\s*[:：]|error\[E\d{4}\]|\S+\(\d+,\d+\):\s+error\s+\w+|\S+:\d+:\d+:\s+(?:fatal\s+)?error\b|(?:npm|yarn|pnpm) ERR!|E\d{4}:|\*\* \(\w+(?:\.\w+)*Error\))/m;
/** `TypeError: …` quoted mid-sentence ("I get TypeError: x is undefined"). */
const INLINE_ERROR_RE = /\b[A-Z]\w*(?:Error|Exception):\s+\S|\bE(?:CONN\w+|NOENT|ACCES|PERM|ADDRINUSE|ADDRNOTAVAIL|TIMEDOUT|PIPE|EXIST|ISDIR|NOTDIR|MFILE|NOTFOUND|HOSTUNREACH|NETUNREACH|AI_AGAIN|NOSPC|NOMEM|ROFS|INVAL|BUSY|NOTEMPTY)\b|\berror TS\d{4,5}\b|\berror\[E\d{4}\]/;
/** The word "error" at a line start in other languages, used as a label (with a colon). */
const LOCALIZED_ERROR_RE = /^\s*(?:错误|錯誤|报错|報錯|異常|异常|エラー|例外|오류|에러|예외|Ошибка|ошибка|Исключение|Fehler|Ausnahme|Hata|İstisna|त्रुटि|अपवाद|خطأ|استثناء|Excepción|Erreur|Errore)\s*[:：]/mu;

/** Resolution: check marks and party emoji, or a "fixed:" label in any language, at a line start. */
const RESOLVED_MARK_RE = /(?:^|\n)\s*(?:[✓✔✅☑🎉]|(?:fixed|resolved|solved|已修复|已解决|修复|解决|修正済み|解決済み|修正しました|解決しました|해결(?:됨|했습니다|했어요)?|수정(?:됨|했습니다)|исправлено|решено|arreglado|solucionado|resuelto|behoben|gelöst|düzeltildi|çözüldü|ठीक किया|हल (?:हो गया|किया)|تم الإصلاح|تم الحل|تم حل)\s*[:：!])/iu;
const LEADING_RESOLVED_RE = /^\s*(?:[✓✔✅☑🎉]|(?:fixed|resolved|solved)\s*[:：])/iu;

/** The two blocker event types. */
export type BlockerKind = 'blocker' | 'blocker_resolved';

/** What `detectBlocker` found. */
export interface BlockerVerdict {
  readonly kind: BlockerKind;
  /** The line that shows it. */
  readonly line: string;
}

function firstMatchLine(text: string, re: RegExp): string {
  const m = re.exec(text);
  if (!m) return '';
  const start = text.lastIndexOf('\n', m.index) + 1;
  const end = text.indexOf('\n', m.index + Math.max(1, m[0].length));
  return text.slice(start, end < 0 ? text.length : end).trim();
}

/** Blocker, resolution, or neither. A message that opens with a resolution mark is a resolution. */
export function detectBlocker(text: string): BlockerVerdict | null {
  const t = text.length > 50_000 ? text.slice(0, 25_000) + '\n' + text.slice(-25_000) : text;
  if (LEADING_RESOLVED_RE.test(t)) return { kind: 'blocker_resolved', line: t.trim().split('\n', 1)[0]! };
  for (const re of [ERROR_LINE_RE, LOCALIZED_ERROR_RE, INLINE_ERROR_RE]) {
    const line = firstMatchLine(t, re);
    if (line) return { kind: 'blocker', line };
  }
  for (const re of FRAME_RES) {
    const line = firstMatchLine(t, re);
    if (line) return { kind: 'blocker', line: t.trim().split('\n', 1)[0]! || line };
  }
  const resolved = firstMatchLine(t, RESOLVED_MARK_RE);
  if (resolved) return { kind: 'blocker_resolved', line: resolved };
  return null;
}
