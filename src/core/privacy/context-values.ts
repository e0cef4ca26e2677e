/**
 * @module core/privacy/context-values
 * Credentials no name is assigned to, found by what surrounds them instead:
 * - an argument of a call that takes credentials: a client's constructor or a login, signing or
 *   authentication call (`Client("AC…", "<32 hex>")`, `algoliasearch(id, '<32 hex>')`,
 *   `jwt.sign(p, '…')`, `HTTPBasicAuth('u', '…')`, `server.login(user, '…')`), told by the call's
 *   name, a vendor's name, or a secret-looking identifier among its arguments (`CURLOPT_USERPWD`);
 * - a cell under a table or CSV column whose header names a credential (`| Secret access key |`);
 * - a lone value on the line after a label that names one (`Client secret⏎⏎<value>`, `secret:⏎<value>`,
 *   `$ cat …/initialAdminPassword⏎<value>`);
 * - a generated value in an env line under a name with no secret word (`ALGOLIA_ADMIN=<32 hex>`).
 * A value must read as generated (or, where the context says password, as an unmistakably typed
 * password): these contexts also hold ids, hosts and words.
 */
import { HEX } from './char-class.ts';
import type { Hits } from './hint-scan.ts';
import { isPlaceholderValue, PLACEHOLDER_PREFIX, type SecretSpan } from './placeholder.ts';
import { identifierParts, secretNameKind } from './secret-names.ts';
import { looksGenerated, mixedAlnum } from './shape.ts';

/** Generated credentials' characters; `=` only as base64's padding (`A=1` is an assignment). */
const TOKEN_RE = /^[A-Za-z0-9+/_.~-]+=*$/;

/** Counts of a value's characters in one pass: what the shape tests below are decided by first. */
function tally(v: string): { lower: number; upper: number; digitRuns: number; symbol: number; caseSwitches: number; b64: boolean } {
  let lower = 0;
  let upper = 0;
  let digitRuns = 0;
  let symbol = 0;
  let caseSwitches = 0;
  let prev = 0;
  let b64 = false;
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    b64 ||= c === 43 || c === 47;
    const k = c >= 97 && c <= 122 ? 1 : c >= 65 && c <= 90 ? 2 : c >= 48 && c <= 57 ? 3 : 0;
    if (k === 1) lower++;
    else if (k === 2) upper++;
    else if (k === 3) {
      if (prev !== 3) digitRuns++;
    } else if (c !== 95 && c !== 46 && c !== 45 && c !== 47 && c !== 58 && c !== 64) symbol++;
    if (k === 1 || k === 2) {
      if ((prev === 1 || prev === 2) && k !== prev) caseSwitches++;
    }
    prev = k;
  }
  return { lower, upper, digitRuns, symbol, caseSwitches, b64 };
}

/**
 * Base64 of random bytes that happens to hold few digits (an AWS secret key often has one): 24+
 * characters, a digit or `+`/`/`, both cases switching at a third of its letters at least.
 */
export function looksEncoded(v: string): boolean {
  const t = tally(v);
  const letters = t.lower + t.upper;
  return v.length >= 24 && (t.digitRuns > 0 || t.b64) && letters >= 20 && t.caseSwitches >= letters * 0.3;
}

/** A value no one types: 32+ hex digits, generated-looking, or encoded random bytes. */
export function strongValue(v: string): boolean {
  if (v.length < 16 || v.length > 1024 || !TOKEN_RE.test(v)) return false;
  const t = tally(v);
  // Neither digits in two places nor frequent case switches: a word, a name or an identifier.
  if (t.digitRuns < 2 && t.caseSwitches * 3 < t.lower + t.upper) return false;
  if (isPlaceholderValue(v)) return false;
  if (v.length >= 32 && HEX.run(v, 0, v.length) === v.length) return mixedAlnum(v);
  return looksGenerated(v, 16) || looksEncoded(v);
}

/**
 * A typed password no word, host or identifier reads like: 8+ characters, three of lower case,
 * upper case, digits and symbols (not `._-/:@`), with a symbol or digits in two places.
 */
export function typedPassword(v: string): boolean {
  if (v.length < 8 || v.length > 128) return false;
  const t = tally(v);
  const kinds = (t.lower ? 1 : 0) + (t.upper ? 1 : 0) + (t.digitRuns ? 1 : 0) + (t.symbol ? 1 : 0);
  // Not a template (`{dir}/x`, `${…}`), nor a path.
  return kinds >= 3 && (t.symbol > 0 || t.digitRuns >= 2) && !/[\s"'`{}]|^[.~]?\/|\/\w+\//.test(v) && !isPlaceholderValue(v);
}

// ---------------------------------------------------------------- call arguments

/** Name parts of a call that takes a credential. */
const CALL_CUES: ReadonlySet<string> = new Set(
  'client credential credentials auth authenticate authorization login logon signin basic hmac sign verify jwt init initialize configure connect setup sdk api apikey analytics'.split(' '),
);
/** Of these, the calls whose argument may be a typed password. */
const PASSWORD_CUES: ReadonlySet<string> = new Set('credential credentials auth authenticate authorization login logon signin basic connect userpwd'.split(' '));
/** Vendors whose SDKs take keys by position (in a call's name, any case: `algoliasearch`, `TwilioClient`). */
const VENDOR_RE = /twilio|algolia|pusher|nexmo|vonage|mailjet|mailgun|sendbird|plivo|pinecone|mixpanel|amplitude|braintree|supabase|pubnub|tweepy|octokit|telebot/i;
/** Chain links that say nothing of the call (`Client.new`, `SearchClient::create`): the link before them speaks. */
const GENERIC_LINKS: ReadonlySet<string> = new Set(['new', 'create', 'build', 'of', 'from', 'make', 'instance', 'default', 'with', 'get']);

/**
 * A string literal in an argument's place (after `(`, `,` or a keyword's `=`, before `,` or `)`): the
 * quote, then 8 to 512 printable ASCII characters but quotes and backslashes, then the same quote.
 */
const LITERAL_RE = /(["'])(?<=[(,=][ \t\r\n]{0,12}[brufBRUF@$]?.)([!#-&(-[\]-_a-~]{8,512})\1(?=[ \t\r\n]*[,)])/g;

const isIdentCode = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 36;

/** What the call around a literal says: whether it takes secrets, passwords, and the literal's position. */
interface CallCue {
  readonly secret: boolean;
  readonly password: boolean;
  readonly index: number;
}

/** The cue of the call name (a chain such as `Twilio::REST::Client.new`, `crypto.createHmac`, `auth=`). */
function nameCue(chain: string): { secret: boolean; password: boolean } {
  const links = chain.split(/[.:\\>-]+/).filter(Boolean);
  let last = links.pop() ?? '';
  if (GENERIC_LINKS.has(last.toLowerCase()) && links.length) last = links.pop() + '_' + last;
  const parts = identifierParts(last);
  const kind = secretNameKind(last);
  const secret = kind !== null || VENDOR_RE.test(chain) || parts.some((p) => CALL_CUES.has(p));
  const password = kind === 'password' || kind === 'auth' || parts.some((p) => PASSWORD_CUES.has(p));
  return { secret, password };
}

/**
 * The call whose argument list holds position `at` (a literal's opening quote): walked back over
 * the earlier arguments, at most 240 characters and 3 lines; climbs one call out when the first has
 * no cue (`basic_auth("u", Some("…"))`, `jwt.sign(p, Buffer.from('…'))`).
 */
function callCue(text: string, at: number): CallCue | undefined {
  let i = at - 1;
  // String prefixes: b"…", r'…', @"…", $"…".
  while (i >= 0 && at - i <= 2 && /[bruf@$]/i.test(text[i]!)) i--;
  const floor = Math.max(0, at - 240);
  /** Identifiers among the earlier arguments (`CURLOPT_USERPWD`, `token`), looked at only when the call's name says nothing. */
  const idents: string[] = [];
  for (let climb = 0; climb < 2; climb++) {
    let depth = 0;
    let index = 0;
    let lines = 0;
    for (; i >= floor; i--) {
      const c = text[i]!;
      if (c === ')' || c === ']' || c === '}') depth++;
      else if (c === '[' || c === '{') {
        if (depth === 0) return undefined;
        depth--;
      } else if (c === '(') {
        if (depth === 0) break;
        depth--;
      } else if (c === ',' && depth === 0) index++;
      else if (c === ';' || (c === '\n' && ++lines > 3)) return undefined;
      else if (depth === 0 && isIdentCode(text.charCodeAt(i)) && !isIdentCode(text.charCodeAt(i + 1))) {
        let s = i;
        while (s > floor && isIdentCode(text.charCodeAt(s - 1))) s--;
        if (climb === 0 && i - s >= 3) idents.push(text.slice(s, i + 1));
        i = s;
      }
    }
    if (i < floor) return undefined;
    // The callee: an identifier chain before the `(` (or `name=` for a keyword argument's tuple).
    let e = i;
    while (e > 0 && (text[e - 1] === ' ' || text[e - 1] === '=')) e--;
    let s = e;
    while (s > floor && (isIdentCode(text.charCodeAt(s - 1)) || '.:\\>-'.includes(text[s - 1]!))) s--;
    const cue = nameCue(text.slice(s, e));
    if (cue.secret) return { secret: true, password: cue.password, index };
    if (climb === 0 && idents.some((n) => secretNameKind(n) !== null)) return { secret: true, password: true, index };
    i = s - 1;
  }
  return undefined;
}

/** Literals passed to calls that take credentials. */
function callArgumentSpans(text: string, spans: SecretSpan[]): void {
  LITERAL_RE.lastIndex = 0;
  for (let m = LITERAL_RE.exec(text); m; m = LITERAL_RE.exec(text)) {
    const v = m[2]!;
    const strong = strongValue(v);
    if (!strong && !typedPassword(v)) continue;
    // Not a URL, nor a resource's id (`vault_01Hx…`, `msg_01…`: a lower-case word and `_`; keys with such prefixes are the catalogue's).
    if (v.startsWith(PLACEHOLDER_PREFIX) || v.includes('://') || /^[a-z]{2,12}_[A-Za-z0-9]+$/.test(v)) continue;
    const cue = callCue(text, m.index);
    if (!cue) continue;
    // A typed password only where the call takes one, and not as its first argument (a user, a host) unless the call names it (`setPassword`).
    if (strong || (cue.password && (cue.index > 0 || /pass|pwd/i.test(text.slice(Math.max(0, m.index - 24), m.index))))) {
      spans.push({ start: m.index + 1, end: m.index + 1 + v.length, kind: 'secret' });
    }
  }
}

// ---------------------------------------------------------------- tables and labels

/** Lines longer than this are no table row or label (and a minified file's one line is not walked per hit). */
const MAX_LINE = 300;

/** The end of the line holding `at` (its `\n` or the text's end), or -1 when it is longer than MAX_LINE. */
function lineEnd(text: string, at: number): number {
  for (let i = at; i <= at + MAX_LINE; i++) if (i >= text.length || text.charCodeAt(i) === 10) return i;
  return -1;
}

/** The credential kind a header cell or a label names (`Secret access key`, `Client secret:`, `…/initialAdminPassword`). */
function labelKind(label: string): string | null {
  const name = label.trim().replace(/:$/, '').trim().replace(/[\s]+/g, '_');
  // A name, not an assignment or a call (`NEO4J_AUTH=…`, `new DeletePass(`).
  if (/[^\w.'-]/.test(name)) return null;
  return name.length >= 2 && name.length <= 48 ? secretNameKind(name) : null;
}

/** A cell's or a line's value: a credential by itself. */
function lone(v: string, kind: string): boolean {
  if (/[(),;{}[\]<>]/.test(v)) return false;
  return strongValue(v) || (kind === 'password' && typedPassword(v));
}

/** How many times `c` occurs in `line`. */
function count(line: string, c: string): number {
  let n = 0;
  for (let i = line.indexOf(c); i >= 0; i = line.indexOf(c, i + 1)) n++;
  return n;
}

/** The separator of a table row: `|`, a tab or `,`, when the line has a few. */
function separatorOf(line: string): string | undefined {
  if (count(line, '|') >= 2) return '|';
  if (line.includes('\t')) return '\t';
  return count(line, ',') >= 2 ? ',' : undefined;
}

/** Characters no header row holds: code's. */
const CODE_CHAR_RE = /[(){}[\]=;"'<>`]/;

/** A header cell: a short label (words, no code). */
const HEADER_CELL_RE = /^\s*(?:[A-Za-z][\w .-]{0,38})?\s*$/;

/** Cells under the header cells of the line [ls, le) that name a credential. */
function columnSpans(text: string, ls: number, le: number, spans: SecretSpan[]): void {
  const header = text.slice(ls, le).replace(/\r$/, '');
  if (CODE_CHAR_RE.test(header)) return;
  const sep = separatorOf(header);
  if (!sep) return;
  const cells = header.split(sep);
  if (!cells.every((c) => HEADER_CELL_RE.test(c))) return;
  const kinds = cells.map(labelKind);
  if (!kinds.some(Boolean)) return;
  let rs = le + 1;
  for (let row = 0; row < 50 && rs < text.length; row++) {
    const re = lineEnd(text, rs);
    if (re < 0) break;
    const line = text.slice(rs, re);
    if (!line.includes(sep)) break;
    const cols = line.split(sep);
    if (cols.length === cells.length) {
      for (let k = 0, off = 0; k < cols.length; off += cols[k]!.length + 1, k++) {
        const kind = kinds[k];
        const v = cols[k]!.trim();
        if (!kind || !lone(v, kind)) continue;
        const start = rs + off + cols[k]!.indexOf(v);
        spans.push({ start, end: start + v.length, kind });
      }
    }
    rs = re + 1;
  }
}

/** The line after a line break (or after one blank line more): a lone run of a credential's characters. */
const NEXT_LINE_RE = /\r?\n(?:[ \t]*\r?\n)?[ \t]*([!-~]{8,1024}?)[ \t\r]*(?=\n|$)/y;

/** A lone value on the line (or after one blank line) below the line [ls, le), a label that names a credential at `at`. */
function belowLabelSpan(text: string, at: number, ls: number, le: number, spans: SecretSpan[]): void {
  // The value first (most lines with a secret word have none below them), then the label.
  NEXT_LINE_RE.lastIndex = le;
  const m = NEXT_LINE_RE.exec(text);
  const v = m ? m[1]! : '';
  if (!v || !(strongValue(v) || typedPassword(v))) return;
  const line = text.slice(ls, le).replace(/\r$/, '').trimEnd();
  const lastWord = line.split(/[\s/]+/).pop() ?? '';
  // The word ends its line (`secret:`, `cat …/master.key`), or the line is a short label (`Your API key:`).
  const inLast = at - ls >= line.length - lastWord.length;
  const kind = (inLast ? labelKind(lastWord) : null) ?? (line.length <= 48 ? labelKind(line.replace(/^[\s#>*-]*(?:(?:your|the|new|my|a|here is)\s+)?/i, '')) : null);
  if (!kind || !lone(v, kind)) return;
  const vs = NEXT_LINE_RE.lastIndex - m![0].length + m![0].indexOf(v);
  spans.push({ start: vs, end: vs + v.length, kind });
}

// ---------------------------------------------------------------- environment lines

/** An env line's value after its `=`: 24+ token characters, quoted or not, to the line's end. */
const ENV_VALUE_RE = /(["']?)([A-Za-z0-9+_.~-][A-Za-z0-9+/_.~-]{23,511}=*)\1[ \t\r]*(?=\n|$)/y;
const isEnvNameCode = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95;
/** Names of values that are generated but no secret: ids, hashes, versions, places. */
const NOT_SECRET_NAME_RE = /(?:^|_)(?:IDS?|SHA\d*|HASH|DIGEST|CHECKSUM|COMMIT|REV|REVISION|VERSION|UUID|INTEGRITY|ETAG|NONCE|SALT|FINGERPRINT|TAG|REF|BRANCH|URL|URI|HOST|PATH|DIRS?|FILE|NAME|EMAIL|USER|USERNAME|SOCK|IMAGE|ARN|REGION|ZONE|PROJECT|ACCOUNT|ORG|TEAM|BUCKET|CHANNEL)$/;

/**
 * A generated value in an env line whose name has no secret word (`ALGOLIA_ADMIN=<32 hex>`,
 * `HONEYCOMB_WRITE=…`; names with one are the assignments'): a vendor's key under a name of its own.
 * Hex runs only of a key's lengths (32 to 64), and never under an id's, a hash's or a place's name.
 */
function envSpans(text: string, spans: SecretSpan[]): void {
  // From each `=` (a regex anchored at every line's start cost more than the rest of this module).
  for (let eq = text.indexOf('='); eq > 0; eq = text.indexOf('=', eq + 1)) {
    if (!isEnvNameCode(text.charCodeAt(eq - 1))) continue;
    let s = eq;
    while (s > 0 && eq - s <= 49 && isEnvNameCode(text.charCodeAt(s - 1))) s--;
    let b = s;
    while (b > 0 && (text[b - 1] === ' ' || text[b - 1] === '\t')) b--;
    if (b < s && text.startsWith('export', b - 6)) for (b -= 6; b > 0 && (text[b - 1] === ' ' || text[b - 1] === '\t'); ) b--;
    const c = text.charCodeAt(s);
    if (eq - s < 3 || c < 65 || c > 90 || (b > 0 && text[b - 1] !== '\n')) continue;
    ENV_VALUE_RE.lastIndex = eq + 1;
    const m = ENV_VALUE_RE.exec(text);
    if (!m) continue;
    const v = m[2]!;
    const hexOnly = HEX.run(v, 0, v.length) === v.length;
    if (NOT_SECRET_NAME_RE.test(text.slice(s, eq)) || !strongValue(v) || (hexOnly && v.length > 64)) continue;
    const start = eq + 1 + m[1]!.length;
    spans.push({ start, end: start + v.length, kind: 'secret' });
  }
}

/** Spans of the values the contexts above give away; `hits`: where the secret words occur in `text`. */
export function contextSpans(text: string, hits: Hits): SecretSpan[] {
  const spans: SecretSpan[] = [];
  if (text.includes('(')) callArgumentSpans(text, spans);
  envSpans(text, spans);
  let lastLine = -1;
  let longUntil = -1;
  for (let k = 0; k < hits.length; k += 2) {
    const at = hits[k]!;
    // A line too long to be a label or a table's row is passed over whole (its ends found once).
    if (at < longUntil || text.startsWith(PLACEHOLDER_PREFIX, at - PLACEHOLDER_PREFIX.length)) continue;
    const nl = text.indexOf('\n', at);
    const le = nl < 0 ? text.length : nl;
    const ls = text.lastIndexOf('\n', at - 1) + 1;
    if (le - ls > MAX_LINE) {
      longUntil = le;
      continue;
    }
    // A line is a table's header once (its first hit); a label by its last word or as a whole.
    if (le !== lastLine) columnSpans(text, ls, le, spans);
    lastLine = le;
    if (le - at <= 48) belowLabelSpan(text, at, ls, le, spans);
  }
  return spans;
}
