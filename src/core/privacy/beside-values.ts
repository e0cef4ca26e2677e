/**
 * @module core/privacy/beside-values
 * Secrets that sit beside a secret-looking name with no `=` or `:` between them, in the forms code
 * and config write them:
 * - a name/value pair, the name itself a value: `- name: DB_PASSWORD⏎  value: …` (Kubernetes and
 *   Compose env lists), `{"name": "API_KEY", "value": "…"}` (ECS, Cloud Run), `Name: X⏎ Value: …`,
 *   `"Name": "/prod/db/password", … "Value": "…"` (a parameter store's path);
 * - a call or an index: `define('DB_PASSWORD', '…')`, `os.Setenv("API_KEY", "…")`,
 *   `config.set('apiKey', '…')`, `ENV['GITHUB_TOKEN'] = '…'`, `os.environ["DB_PASSWORD"] = "…"`;
 * - an XML element: `<password>…</password>` (Maven's settings.xml), `<apiKey>…</apiKey>`;
 * - a SQL clause: `CREATE ROLE r LOGIN PASSWORD '…'`, `ALTER USER u WITH PASSWORD '…'`;
 * - a directive line: `requirepass …` (redis.conf), `ENV DB_PASSWORD …` (a Dockerfile's old form).
 * The assignments (core/privacy/assignments) find the name; this says where its value is and how
 * sure the form is that a literal stands there.
 */

/** How literally the form means its value: `pair` and `call` hold data or code, the rest data only. */
export type BesideForm = 'pair' | 'call' | 'xml' | 'sql' | 'directive';

export interface Beside {
  readonly form: BesideForm;
  readonly start: number;
  readonly end: number;
  readonly quoted: boolean;
}

/** `[A-Za-z0-9_.-]`, as the assignments read names. */
function isNameCode(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95 || code === 46 || code === 45;
}

const isBlank = (c: string | undefined): boolean => c === ' ' || c === '\t';
const isQuote = (c: string | undefined): boolean => c === '"' || c === "'";

/** The quoted string opening at `i` (a quote), on one line: its content's extent, or undefined. */
function quotedAt(text: string, i: number): { start: number; end: number } | undefined {
  const q = text[i];
  if (!isQuote(q)) return undefined;
  let j = i + 1;
  while (j < text.length && j - i <= 4097 && text[j] !== q && text[j] !== '\n') j += text[j] === '\\' ? 2 : 1;
  return text[j] === q ? { start: i + 1, end: j } : undefined;
}

/** `name` (any case) as a whole word ending at `end`. */
function isWordAt(text: string, end: number, word: string): boolean {
  const s = end - word.length;
  return s >= 0 && text.slice(s, end).toLowerCase() === word && (s === 0 || !isNameCode(text.charCodeAt(s - 1)));
}

/** A scalar entry of the same object: `"Type": "SecureString"`, `Version: 3`. */
const OTHER_ENTRY_RE = /["']?[A-Za-z]{1,16}["']?[ \t]*:[ \t]*(?:"[^"\n]{0,64}"|[\w.-]{1,64})[ \t]*,?/y;

/** After the name: `value` (any case, quoted or not) as the next key, and where its value starts, or -1. */
function pairValue(text: string, start: number, nameEnd: number, quote: string): number {
  let b = start - (quote ? 1 : 0);
  while (b > 0 && isBlank(text[b - 1])) b--;
  if (text[b - 1] !== ':' && text[b - 1] !== '=') return -1;
  b--;
  if (quote && text[b - 1] === quote) b--;
  if (!isWordAt(text, b, 'name')) return -1;
  let i = nameEnd + (quote ? 1 : 0);
  // Only blanks, line breaks and a comma between the pair's two entries, or a few scalar entries
  // (`"Type": "SecureString",`; not `valueFrom`, a reference to a Kubernetes secret, which is no scalar).
  const limit = Math.min(text.length, i + 120);
  for (let skipped = 0; ; skipped++) {
    while (i < limit && (isBlank(text[i]) || text[i] === '\n' || text[i] === '\r' || text[i] === ',')) i++;
    OTHER_ENTRY_RE.lastIndex = i;
    if (skipped === 3 || /^["']?value/i.test(text.slice(i, i + 6)) || !OTHER_ENTRY_RE.test(text)) break;
    i = OTHER_ENTRY_RE.lastIndex;
  }
  if (isQuote(text[i])) i++;
  // `valueFrom:` (a reference to a Kubernetes secret) is another key.
  if (text.slice(i, i + 5).toLowerCase() !== 'value' || isNameCode(text.charCodeAt(i + 5))) return -1;
  i += 5;
  if (isQuote(text[i])) i++;
  while (isBlank(text[i])) i++;
  if (text[i] !== ':' && text[i] !== '=') return -1;
  i++;
  while (isBlank(text[i])) i++;
  return i;
}

/** The rest of the line from `i`, trailing blanks and `\r` dropped. */
function lineValue(text: string, i: number): { start: number; end: number } | undefined {
  let j = i;
  while (j < text.length && j - i <= 4096 && text[j] !== '\n') j++;
  while (j > i && (isBlank(text[j - 1]) || text[j - 1] === '\r')) j--;
  return j > i ? { start: i, end: j } : undefined;
}

/**
 * Where the value beside the name at [start, nameEnd) is, and its form; undefined when the name
 * has none of these forms around it (most names: they are followed by `=` or `:`).
 */
export function valueBeside(text: string, start: number, nameEnd: number): Beside | undefined {
  const before = text[start - 1];
  const after = text[nameEnd];
  let quote = isQuote(before) && after === before ? before! : '';
  // A parameter's path ending in the name (`"Name": "/prod/db/password"`, AWS SSM's output): the pair's name is the whole path.
  let from = start;
  if (before === '/' && isQuote(after)) {
    while (from > 0 && start - from < 256 && /[\w./-]/.test(text[from - 1]!)) from--;
    if (text[from - 1] === after) quote = after!;
    else from = start;
  }

  const pair = pairValue(text, from, nameEnd, quote);
  if (pair >= 0) {
    const q = quotedAt(text, pair);
    if (q) return { form: 'pair', ...q, quoted: true };
    let j = pair;
    while (j < text.length && j - pair <= 4096 && !/[\s,}\]]/.test(text[j]!)) j++;
    return j > pair ? { form: 'pair', start: pair, end: j, quoted: false } : undefined;
  }

  if (quote) {
    // `f('NAME', '…')` or `X['NAME'] = '…'`.
    let i = nameEnd + 1;
    if (text[i] === ',') i++;
    else if (text[i] === ']') {
      i++;
      while (isBlank(text[i])) i++;
      if (text[i] !== '=' || text[i + 1] === '=') return undefined;
      i++;
    } else return undefined;
    while (isBlank(text[i])) i++;
    const q = quotedAt(text, i);
    return q ? { form: 'call', ...q, quoted: true } : undefined;
  }

  if (before === '<' && after === '>') {
    const close = text.indexOf('</', nameEnd + 1);
    const name = text.slice(start, nameEnd);
    if (close < 0 || close - nameEnd > 4097 || !text.startsWith(name + '>', close + 2)) return undefined;
    return { form: 'xml', start: nameEnd + 1, end: close, quoted: true };
  }

  if (after === ' ') {
    // `PASSWORD '…'`: SQL quotes its literals with `'`.
    if (text[nameEnd + 1] === "'") {
      const name = text.slice(start, nameEnd).toLowerCase();
      const q = name === 'password' ? quotedAt(text, nameEnd + 1) : undefined;
      return q ? { form: 'sql', ...q, quoted: true } : undefined;
    }
    // A directive: the name starts its line (after blanks or Docker's `ENV`), one value ends it.
    let ls = start;
    while (ls > 0 && isBlank(text[ls - 1])) ls--;
    if (ls < start && isWordAt(text, ls, 'env') && text.startsWith('ENV', ls - 3)) {
      ls -= 3;
      while (ls > 0 && isBlank(text[ls - 1])) ls--;
    }
    if (ls > 0 && text[ls - 1] !== '\n') return undefined;
    let i = nameEnd;
    while (isBlank(text[i])) i++;
    const v = lineValue(text, i);
    if (!v || /\s/.test(text.slice(v.start, v.end))) return undefined;
    return { form: 'directive', ...v, quoted: false };
  }
  return undefined;
}

/**
 * A value a person typed as a password, or a generated one: letters and a digit or a symbol, no
 * blank. What the call, XML and directive forms ask of a value where code and prose also put
 * words (`t('password', 'Kennwort')`, `<password>Passwort</password>` in a translation file).
 */
export function looksTypedSecret(v: string): boolean {
  if (v.length < 6 || /\s/.test(v)) return false;
  let letter = false;
  let other = false;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90)) letter = true;
    else if (c !== 95 && c !== 46 && c !== 45 && c !== 47) other = true;
  }
  return letter && other;
}
