/**
 * @module core/privacy/assignments
 * Assignments to secret-looking names: `.env` lines, `export X=`, YAML/JSON/TOML keys, CLI flags,
 * HTTP headers.
 */
import type { Hits } from './hint-scan.ts';
import { SECRET_WORD_RE, findHints } from './hints.ts';
import { PLACEHOLDER_PREFIX, placeholder } from './placeholder.ts';
import { isSecretLiteral, looksLikeCode } from './secret-literal.ts';
import { identifierParts, isNotSecretKeyQualifier, secretNameKind } from './secret-names.ts';
import { HEX } from './char-class.ts';
import { AUTH_SCHEME_RE, isCredential, looksGenerated, randomish } from './shape.ts';
import { looksTypedSecret, valueBeside, type Beside } from './beside-values.ts';
import { strongValue, typedPassword } from './context-values.ts';

const WS_OR_LIST_END_RE = /[\s,;]/;
/** A scheme word and the blank after it, at the start of an Authorization header's value. */
const ANY_SCHEME_RE = /^[A-Za-z][A-Za-z0-9_.-]{1,31}[ \t]+(?=\S)/;

/** `Authorization`, `Proxy-Authorization`, any case. */
function isAuthorizationHeader(name: string): boolean {
  const n = name.toLowerCase();
  return n === 'authorization' || n === 'proxy-authorization';
}

/** `X-Api-Key`, `Authorization`, `Cookie`: header-shaped names (letters and dashes). */
const HEADER_NAME_RE = /^[A-Za-z][A-Za-z-]*$/;
const UPPER_NAME_RE = /^[A-Z][A-Z0-9_]*$/;
const SHELL_BEFORE_NAME_RE = /[\s;&|(]/;
/** Values an INI line may hold that are code, not credentials (calls, indexing, blocks). */
const NOT_INI_VALUE_RE = /[()[\]{}<>;,"'`]/;
const LINE_PREFIX_RE = /^\s*(?:export\s+|set\s+|setenv\s+|-\s+|\$env:|local\s+|readonly\s+|declare\s+(?:-x\s+)?)?(?:--?)?["']?$/;

/** `[A-Za-z0-9_.-]`, by char code (called for every character around every hit). */
function isNameCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 46 || code === 45;
}

/** `…` or `...` at the end (escaped: the hook bundle stays ASCII, see hooks/code-cache). */
const CUT_MARK_RE = /(?:\u2026|\.\.\.)$/;
const WHITESPACE_RE = /\s/;

/**
 * A quoted value whose closing quote never comes: the text was cut inside it (a title clipped to
 * 150 characters, a line shortened with `…`). What is left of a credential is still secret; a
 * sentence (`password: "Please enter`) is not a value, so only a run without spaces counts.
 */
function cutValue(text: string, start: number, end: number): { value: string; quoted: boolean; start: number; end: number } | null {
  const value = text.slice(start, end).replace(/\r$/, '').replace(CUT_MARK_RE, '');
  if (WHITESPACE_RE.test(value)) return null;
  return { value, quoted: true, start, end: start + value.length };
}

/** The characters of generated credentials (base64, URL-safe base64, hex, dotted and tilde forms). */
const TOKEN_VALUE_RE = /^[A-Za-z0-9+/=._~-]+$/;

/** A value no one types: generated-looking (16+ letters and digits), or 32+ hex digits. */
function isGeneratedValue(v: string): boolean {
  if (v.length < 16 || v.length > 4096 || !TOKEN_VALUE_RE.test(v)) return false;
  // `a.b.c` reads as a member chain unless a part of it is itself generated (`dt0c01.<24>.<64>`).
  if (looksLikeCode(v) && !v.split('.').some((part) => looksGenerated(part, 16))) return false;
  if (v.length >= 32 && HEX.run(v, 0, v.length) === v.length) return true;
  return looksGenerated(v, 16);
}

/** `datadogKey`, `SOME_SERVICE_KEY`: a name ending in `key` after something other than `public`, `sort`, `primary`… */
function isWeakKeyName(name: string): boolean {
  const parts = identifierParts(name);
  const n = parts.length;
  return n >= 2 && parts[n - 1] === 'key' && !isNotSecretKeyQualifier(parts[n - 2]!);
}

/** Whether the line before `start` holds `;` after a `Key=Value` pair (a connection string). */
function inKeyValueList(text: string, start: number): boolean {
  // Mount options and the like: `username=alice,password=…`.
  if (text[start - 1] === ',') {
    const eq = text.lastIndexOf('=', start - 2);
    const gap = text.slice(eq + 1, start - 1);
    if (eq > 0 && eq >= start - 80 && !/[\s,;]/.test(gap) && isNameCode(text.charCodeAt(eq - 1))) return true;
  }
  for (let i = start - 1, steps = 0; i >= 0 && steps < 200; i--, steps++) {
    const c = text.charCodeAt(i);
    if (c === 10) return false;
    if (c === 59 /* ; */) return text.lastIndexOf('=', i) > Math.max(0, i - 200) && text.lastIndexOf('\n', i) < text.lastIndexOf('=', i);
  }
  return false;
}

/** `.netrc`: `password` (or `passwd`) as a word on a line that also has `machine`, `default` or `login`. */
function isNetrcPassword(text: string, start: number, name: string): boolean {
  if (name !== 'password' && name !== 'passwd') return false;
  let ls = start;
  while (ls > 0 && start - ls < 200 && text.charCodeAt(ls - 1) !== 10) ls--;
  const before = text.slice(ls, start);
  return /(?:^|\s)(?:machine|default|login)\s/.test(before) && /^\s*(?:machine|default|login)\b/.test(before);
}

/** Whether the value beside a secret name (beside-values) is a literal secret, as its form allows. */
function besideIsSecret(value: string, kind: string, b: Beside): boolean {
  const ctx = { quoted: b.quoted, kind, configStyle: true, lineInitial: true, header: false, after: '' };
  // The value of a variable is data, not code, unless it reads as code (`value: form.password`).
  if (b.form === 'pair') return (b.quoted || !looksLikeCode(value)) && isSecretLiteral(value, ctx);
  // Calls, elements and directives also carry words (`t('password', 'Kennwort')`): a password must
  // read as typed, anything else as generated.
  return (kind === 'password' ? looksTypedSecret(value) : isGeneratedValue(value)) && isSecretLiteral(value, ctx);
}

/**
 * Whether the pair whose name starts at `start` is a long flag's value: glued (`--from-literal=password=…`)
 * or the next word (`--set auth.password=…`, `--set-string …`, `--build-arg …`).
 */
function isFlagValuePair(text: string, start: number): boolean {
  const before = text[start - 1];
  let e = start - 1;
  if (before === ' ' || before === '\t') {
    while (e > 0 && (text[e - 1] === ' ' || text[e - 1] === '\t')) e--;
  } else if (before !== '=') return false;
  let s = e;
  while (s > 0 && e - s <= 40 && (isNameCode(text.charCodeAt(s - 1)))) s--;
  // `--name` with letters after the dashes, at a word start.
  return e - s >= 3 && text[s] === '-' && text[s + 1] === '-' && /[a-z]/.test(text[s + 2]!) && (s === 0 || text[s - 1] === ' ' || text[s - 1] === '\t');
}

/** `"--password", "…"`: a quoted flag, a comma, and its value quoted; the value's span, or undefined. */
function listArgument(text: string, start: number, nameEnd: number): { start: number; end: number } | undefined {
  const q = text[nameEnd];
  if ((q !== '"' && q !== "'") || text[start - 1] !== '-' || text[start - 2] !== '-' || text[start - 3] !== q) return undefined;
  let i = nameEnd + 1;
  while (text[i] === ' ' || text[i] === '\t') i++;
  if (text[i] !== ',') return undefined;
  i++;
  while (text[i] === ' ' || text[i] === '\t' || text[i] === '\n') i++;
  const q2 = text[i];
  if (q2 !== '"' && q2 !== "'") return undefined;
  const close = text.indexOf(q2, i + 1);
  if (close < 0 || close - i > 4096) return undefined;
  const value = text.slice(i + 1, close);
  if (value.includes('\n') || value.startsWith('-')) return undefined;
  return { start: i + 1, end: close };
}

/** Reads a value starting at `i`; returns its text, whether it was quoted and where it ends. */
function readValue(text: string, i: number, headerLike: boolean): { value: string; quoted: boolean; start: number; end: number } | null {
  const q = text[i];
  if (q === '"' || q === "'" || q === '`') {
    let j = i + 1;
    const limit = Math.min(text.length, i + 4097);
    while (j < limit) {
      const c = text[j];
      if (c === '\\') {
        j += 2;
        continue;
      }
      if (c === q || c === '\n') break;
      j++;
    }
    if (text[j] === q) return { value: text.slice(i + 1, j), quoted: true, start: i + 1, end: j };
    return cutValue(text, i + 1, j);
  }
  let j = i;
  const limit = Math.min(text.length, i + 4096);
  while (j < limit) {
    const c = text[j]!;
    if (c === '\n' || c === '\r') break;
    if (!headerLike && (c === ' ' || c === '\t' || c === ';' || c === ',' || c === '&' || c === '"' || c === "'" || c === ')' || c === '}' || c === ']' || c === '`')) break;
    if (headerLike && (c === '"' || c === "'" || c === '`')) break;
    j++;
  }
  if (j === i) return null;
  return { value: text.slice(i, j), quoted: false, start: i, end: j };
}

/**
 * Every literal secret assigned to a secret-looking name in `text` replaced by its placeholder.
 * `words`: where the secret words (hints) occur in it. The secret words are found first, then the
 * name around each is parsed by hand, so there is no regex that can backtrack over a long name.
 */
export function redactAssignments(text: string, words: Hits = findHints(text).secretWords): string {
  let hits: Hits | undefined = words;
  let k = 0;
  let at = 0;
  let length = 0;
  /** The first secret word at or after `from` into `at` and `length`, as a regex search from `from` finds it. */
  const seek = (from: number): boolean => {
    if (hits) {
      while (k < hits.length && hits[k]! < from) k += 2;
      if (k === 0 || hits[k - 2]! + hits[k - 1]! <= from) {
        if (k >= hits.length) return false;
        at = hits[k]!;
        length = hits[k + 1]!;
        return true;
      }
      // A word runs across `from` (a name cut at 80 characters): a search from there can see other
      // words than the scan from the start did, so search from here on.
      hits = undefined;
    }
    SECRET_WORD_RE.lastIndex = from;
    const m = SECRET_WORD_RE.exec(text);
    if (!m) return false;
    at = m.index;
    length = m[0].length;
    return true;
  };
  let out = '';
  let last = 0;
  let scanFrom = 0;
  for (let found = seek(0); found; found = seek(scanFrom)) {
    let start = at;
    let steps = 0;
    while (start > 0 && isNameCode(text.charCodeAt(start - 1)) && steps++ < 80) start--;
    let end = at + length;
    steps = 0;
    while (end < text.length && isNameCode(text.charCodeAt(end)) && steps++ < 80) end++;
    scanFrom = end;
    // Leading/trailing dots and dashes belong to the surrounding syntax, not the name.
    while (start < end && (text[start] === '.' || text[start] === '-')) start++;
    let nameEnd = end;
    while (nameEnd > start && (text[nameEnd - 1] === '.' || text[nameEnd - 1] === '-')) nameEnd--;
    if (text.startsWith(PLACEHOLDER_PREFIX, start - PLACEHOLDER_PREFIX.length)) continue;
    const name = text.slice(start, nameEnd);

    // A value beside the name with no `=` or `:` between (beside-values): a name/value pair, a call,
    // an XML element, a SQL clause, a directive line.
    const beside = valueBeside(text, start, nameEnd);
    if (beside) {
      const bKind = secretNameKind(name);
      const value = text.slice(beside.start, beside.end);
      if (bKind && besideIsSecret(value, bKind, beside) && beside.start >= last) {
        out += text.slice(last, beside.start) + placeholder(bKind, value);
        last = beside.end;
        scanFrom = Math.max(scanFrom, beside.end);
        continue;
      }
      if (beside.form !== 'directive') continue;
    }

    // An argument list (`["--password", "…"]`, `('--token', '…')`): the flag quoted, then its value as the next item.
    const listed = listArgument(text, start, nameEnd);
    if (listed) {
      const lKind = secretNameKind(name);
      const value = text.slice(listed.start, listed.end);
      if (lKind && listed.start >= last && isSecretLiteral(value, { quoted: true, kind: lKind, configStyle: true, lineInitial: false, header: false, after: '' })) {
        out += text.slice(last, listed.start) + placeholder(lKind, value);
        last = listed.end;
        scanFrom = Math.max(scanFrom, listed.end);
      }
      continue;
    }

    // Separator (checked before the name: most hits are plain words with none): `=`, `:`, `:=`, `=>` excluded, `?:` (optional type) excluded, CLI `--flag value`.
    let i = nameEnd;
    const quotedName = text[i] === '"' || text[i] === "'";
    if (quotedName) i++;
    // `"auth": x` is a key; `'OAuth' : 'Bearer'` (space before the colon) is a ternary.
    if (quotedName && text[start - 1] !== text[nameEnd]) continue;
    let sp = 0;
    while ((text[i] === ' ' || text[i] === '\t') && sp < 4) {
      i++;
      sp++;
    }
    // A quoted name takes `:` or `=` right after it, or a hash arrow (`'password' => '…'`, PHP and Ruby).
    const arrow = text[i] === '=' && text[i + 1] === '>' && (quotedName || text[start - 1] === ':');
    if (quotedName && !arrow && (sp > 0 || (text[i] !== ':' && text[i] !== '='))) continue;
    const c = arrow ? ':' : text[i];
    if (arrow) i++;
    // `--password x`, and Java's `-Ddb.password=x`.
    const flag = text[start - 1] === '-' && (text[start - 2] === '-' || (text[start] === 'D' && c === '='));
    let headerLike = false;
    if (c === '=') {
      if (text[i + 1] === '=' || text[i + 1] === '>' || text[i - 1] === '!') continue;
      i++;
    } else if (c === ':') {
      if (text[i + 1] === ':' || text[i + 1] === '\n') continue;
      i += text[i + 1] === '=' ? 2 : 1;
      headerLike = HEADER_NAME_RE.test(name) && (name.includes('-') || /^[A-Z]/.test(name) || name === 'authorization' || name === 'cookie');
    } else if (flag && sp > 0) {
      // `--password hunter2`
    } else if (sp > 0 && isNetrcPassword(text, start, name)) {
      // `.netrc`: `machine host login me password hunter2`
    } else {
      continue;
    }
    const strongKind = secretNameKind(name);
    // A name ending in `key` with no known qualifier (`datadogKey`, `FOO_KEY`): only a generated value counts.
    // A bare `"Key": "…"` (appsettings' `Jwt.Key`, a vendor block's `key`): only a value that reads as generated, with no words before it.
    const bare = !strongKind && (name === 'key' || name === 'Key') && quotedName;
    const weak = !strongKind && (bare || isWeakKeyName(name));
    const kind = strongKind ?? (weak ? 'api_key' : null);
    if (!kind) continue;
    sp = 0;
    while ((text[i] === ' ' || text[i] === '\t') && sp < 4) {
      i++;
      sp++;
    }
    // What precedes the name on its line, looking back at most 41 characters (never to the start of
    // a 1 MB single-line JSON document).
    let lineStart = start;
    while (lineStart > 0 && start - lineStart <= 40 && text.charCodeAt(lineStart - 1) !== 10) lineStart--;
    const prefix = lineStart === 0 || text.charCodeAt(lineStart - 1) === 10 ? text.slice(lineStart, start) : 'x';
    const lineInitial = LINE_PREFIX_RE.test(prefix);
    const val = readValue(text, i, headerLike);
    if (!val) continue;
    // Backticks with a space inside are inline code in Markdown (`Tests pass: \`cargo test\``), not a literal.
    if (val.quoted && text[val.start - 1] === '`' && WHITESPACE_RE.test(val.value)) continue;
    const upperName = UPPER_NAME_RE.test(name);
    // Shell environment prefixes (`A=1 AWS_SECRET_ACCESS_KEY=… cmd`) put upper-case assignments
    // mid-line; shell syntax never has spaces around `=`, code usually does.
    const shellEnv = upperName && text[nameEnd] === '=' && (start === 0 || SHELL_BEFORE_NAME_RE.test(text[start - 1]!));
    // INI / credentials files (`aws_secret_access_key = …`): a line-initial name, `=`, a random-looking value.
    const iniStyle = c === '=' && lineInitial && !val.quoted && randomish(val.value) && !NOT_INI_VALUE_RE.test(val.value) && !looksLikeCode(val.value);
    // A value no one writes by hand is a literal wherever it is assigned (`… credential: AccountKey=<base64>`).
    const generated = !val.quoted && isGeneratedValue(val.value);
    if (weak && !(generated || (val.quoted && isGeneratedValue(val.value)))) continue;
    if (bare && !(strongValue(val.value) && !/^[A-Za-z]{2,}[-_.]/.test(val.value))) continue;
    // Connection strings (`Server=…; User ID=sa; Password=…;`): `Key=Value;` pairs on the line.
    const connection =
      c === '=' && text[nameEnd] === '=' && !val.quoted && !name.includes('.') && !/=[^=]/.test(val.value) && inKeyValueList(text, start) && !looksLikeCode(val.value);
    // A pair that is a flag's value (`--set db.password=…`, `--from-literal=password=…`) is the command line's syntax.
    const flagValue = c === '=' && !val.quoted && isFlagValuePair(text, start);
    // `-e "ansible_become_password=…"`, `f(password=…)`: no blanks around `=` and an unmistakably typed password.
    const typedTight = c === '=' && text[nameEnd] === '=' && !val.quoted && kind === 'password' && typedPassword(val.value);
    const configStyle = typedTight || flag || flagValue || iniStyle || generated || connection || (sp > 0 && c !== '=' && c !== ':') || (c === '=' && ((upperName && lineInitial) || shellEnv || text[start - 1] === ';'));
    let { value, start: vStart } = val;
    let vEnd = val.end;
    // An Authorization header names its scheme; the well-known ones are listed (shape), and any other
    // word there is a provider's own (`Splunk`, `GenieKey`, `DeepL-Auth-Key`, `sso-key`).
    const scheme = AUTH_SCHEME_RE.exec(value) ?? (headerLike && isAuthorizationHeader(name) ? ANY_SCHEME_RE.exec(value) : null);
    if (scheme) {
      vStart += scheme[0].length;
      value = value.slice(scheme[0].length);
      const sp2 = value.search(WS_OR_LIST_END_RE);
      if (sp2 >= 0) {
        value = value.slice(0, sp2);
        vEnd = vStart + sp2;
      }
      if (!isCredential(value)) continue;
    } else {
      if (headerLike) value = value.trimEnd();
      vEnd = vStart + value.length;
      if (!isSecretLiteral(value, { quoted: val.quoted, kind, configStyle, lineInitial, header: headerLike, after: text[val.end] ?? '' })) continue;
    }
    out += text.slice(last, vStart) + placeholder(kind, value);
    last = vEnd;
    scanFrom = Math.max(scanFrom, vEnd);
  }
  return last === 0 ? text : out + text.slice(last);
}
