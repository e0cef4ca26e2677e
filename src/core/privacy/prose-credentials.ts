/**
 * @module core/privacy/prose-credentials
 * Credentials a person pastes into a sentence: "here is the staging credential: <value>",
 * "the API key for prod is <value>", "密码是 <value>", "パスワードは <value> です", "비밀번호는 <value>",
 * "Das Passwort ist <value>", "пароль: <value>". A credential word (in any of the languages below),
 * then within a short stretch of qualifiers a separator (`:`, `=`, `is`, `是`, `は`, `는`, `ist`, `es`…),
 * then the value. A value after a password word must read like a password (two kinds of character at
 * least, not code, not a word); after any other word (token, key, secret, credential) it must read
 * as generated (core/privacy/shape), a long hex run, or a prefixed generated value (`key-…`).
 * Names in code and config (`password = …`, `"token": …`) are the assignments' business, not this.
 */
import { HEX } from './char-class.ts';
import type { Hits } from './hint-scan.ts';
import { isPlaceholderValue, PLACEHOLDER_PREFIX, replaceSpans, type SecretSpan } from './placeholder.ts';
import { looksGenerated } from './shape.ts';
import { contextSpans, looksEncoded, typedPassword } from './context-values.ts';
import { PASSWORD_WORDS, WIDE_WORDS, type WordClass } from './secret-names.ts';


/** English (and two German and French) credential words, lower case: the hint scan finds them among the secret words. */
const ASCII_WORDS: ReadonlyMap<string, WordClass> = new Map<string, WordClass>([
  ['password', 'password'], ['passwd', 'password'], ['passphrase', 'password'], ['passcode', 'password'],
  ['passwort', 'password'], ['passe', 'password'],
  // "creds: admin/…": what follows is a login, a user and a password, read like a password.
  ['creds', 'password'],
  ['token', 'secret'], ['tokens', 'secret'], ['secret', 'secret'], ['secrets', 'secret'], ['credential', 'secret'], ['credentials', 'secret'],
  ['apikey', 'secret'],
  ['key', 'weak'], ['keys', 'weak'], ['auth', 'weak'],
  // Other languages' words as written without their accents (hint-sets' PROSE_WORDS finds them).
  ['contrasena', 'password'], ['senha', 'password'], ['clave', 'password'], ['jeton', 'secret'],
  // Shorthands: `pw`, and `pass` (which only an unmistakable password may follow: "tests pass: 12/12").
  ['pw', 'password'], ['pass', 'password'],
]);

/** A letter outside ASCII (not `→`, `…`, box drawing or the `×` and `÷` signs, which tool outputs are full of: test runners mark failures with `×`). */
const NON_ASCII_RE = /[\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u024f\u0400-\u04ff\u0600-\u06ff\u0900-\u097f\u1e00-\u1eff\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/;
let wideRe: RegExp | undefined;

/** Words before `key` that make it no secret. */
const NOT_SECRET_BEFORE = /\b(?:public|primary|foreign|sort|partition|cache|hash|composite|unique|lookup|idempotency|map|dict|object|hot|shortcut|react|i18n|translation|registry|ssh-rsa|host|gpg|pgp|gnupg|signing|release|ssh|encryption|deploy)[ _-]$/i;
/** Qualifiers that make the value describe a key rather than be one (`Public key ping-sha256: …`, `key fingerprint: …`). */
const DESCRIBING_RE = /(?:sha\d*|md5|hash|fingerprint|digest|checksum|pin|id|ids|name|names|type|length|size|count|format|file|path|url|uri|expir\w*|ttl)$/i;

/** Separators between a credential word (and its qualifiers) and the value. */
const MARKS = [':', '：', '->', '→', '是', '为', '為', 'は', 'が', '는', '은', '이'];
const MARK_STARTS: ReadonlySet<number> = new Set(MARKS.map((m) => m.charCodeAt(0)));

/** A qualifier between a credential word and its separator: letters of any script, digits, `()_-`. */
function isQualifier(word: string): boolean {
  for (let k = 0; k < word.length; k++) {
    const c = word.charCodeAt(k);
    if (!(isWordChar(c) || c === 40 || c === 41 || c === 45 || c === 39 || c === 34 || c > 0xbf)) return false;
  }
  return true;
}

/** Word separators, which need spaces around them. */
const VERBS = new Set(['is', 'are', 'was', 'ist', 'lautet', 'es', 'est', 'è', 'é', 'är', 'er', 'equals', 'je', 'jest', 'это', '—', '-']);
/** A sentence that sets a credential (`set the admin password to …`): `to` then separates. */
const SETS_BEFORE_RE = /\b(?:set|sets|setting|change|changed|changing|reset)\b[^.\n]{0,28}$/i;
/** A Google app password as shown: four groups of four letters. */
const APP_PASSWORD_AT_RE = /[a-z]{4} [a-z]{4} [a-z]{4} [a-z]{4}(?![A-Za-z0-9])/y;

const isAsciiLetter = (c: number): boolean => (c >= 97 && c <= 122) || (c >= 65 && c <= 90);
const isWordChar = (c: number): boolean => isAsciiLetter(c) || (c >= 48 && c <= 57) || c === 95;
/** Printable ASCII without space: what a value is made of. */
const isValueChar = (c: number): boolean => c > 32 && c < 127;
const QUOTES = '"\'`「『“‘(<[';
const TRAILING = '.,;:!?)"\'`」』”’>]}';

interface Span {
  readonly start: number;
  readonly end: number;
}

/** Which kinds of character `v` holds: lower case, upper case, digits, symbols (`_ . - /` are none). */
function kindsOf(v: string): { lower: number; upper: number; digit: number; symbol: number } {
  const k = { lower: 0, upper: 0, digit: 0, symbol: 0 };
  for (let i = 0; i < v.length; i++) {
    const c = v.charCodeAt(i);
    if (c >= 97 && c <= 122) k.lower = 1;
    else if (c >= 65 && c <= 90) k.upper = 1;
    else if (c >= 48 && c <= 57) k.digit = 1;
    else if (c !== 95 && c !== 46 && c !== 45 && c !== 47) k.symbol = 1;
  }
  return k;
}

/** A password: 6 characters or more, two kinds of character at least (or all digits), not code, not a path. */
function isPasswordValue(v: string): boolean {
  if (v.length < 6 || v.length > 128) return false;
  const { lower, upper, digit, symbol } = kindsOf(v);
  if (lower + upper + digit + symbol < 2) return digit === 1 && lower + upper + symbol === 0;
  // Passwords hold most punctuation; code in a sentence is a member chain, a call, an index or a camel-case name.
  return !CODE_LIKE_RE.test(v) && !/[()[\]{}"'`;,<>]/.test(v) && !/^[a-z]+(?:[._-][a-z]+)*$/i.test(v);
}
const CODE_LIKE_RE = /^[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+$|[A-Za-z_$]\(|^[a-z]+(?:[A-Z][a-z]+)+$|^[A-Z][a-z]+(?:[A-Z][a-z]+)+$/;

/**
 * A password straight after its word with nothing between ("Passwort Xy7$…", "密码 Xy7$…"): 8
 * characters or more of three kinds at least, a symbol among them. Without a separator the word may
 * just precede a noun ("password Reset123"), so a typed value must be unmistakable.
 */
function isStrongTyped(v: string): boolean {
  if (v.length < 8) return false;
  const { lower, upper, digit, symbol } = kindsOf(v);
  return symbol === 1 && lower + upper + digit + symbol >= 3;
}

/** A generated secret: generated-looking, 16+ hex digits, or a short prefix and a generated rest (`key-…`). */
function isSecretValue(v: string, minAlnum: number): boolean {
  if (v.length < 12 || v.length > 4096) return false;
  if (v.length >= 16 && HEX.run(v, 0, v.length) === v.length) return true;
  if (looksGenerated(v, minAlnum) || looksEncoded(v)) return true;
  const dash = /^[A-Za-z]{2,10}[-_]/.exec(v);
  return dash !== null && looksGenerated(v.slice(dash[0].length), 12);
}

/**
 * The value introduced by the credential word ending at `end`, if the text says one follows:
 * qualifiers (at most four short words, 40 characters), a separator, then a run of printable ASCII.
 */
function valueAfter(text: string, end: number, cls: WordClass, setsTo = false, strict = false): Span | undefined {
  // A quoted key (`"비밀번호": …`): its closing quote.
  let i = end + (text[end] === '"' || text[end] === "'" ? 1 : 0);
  // `пароль=…`, `密码=…`: a word outside ASCII is no code's name, so `=` separates too (ASCII names are the assignments').
  if (text[i] === '=' && text.charCodeAt(end - 1) > 127) text = text.slice(0, i) + ':' + text.slice(i + 1);
  let separated = false;
  const limit = Math.min(text.length, end + 48);
  for (let words = 0; i < limit && words <= 4; ) {
    while (i < limit && (text[i] === ' ' || text[i] === '\t')) i++;
    const mark = MARK_STARTS.has(text.charCodeAt(i)) ? MARKS.find((m) => text.startsWith(m, i)) : undefined;
    if (mark) {
      i += mark.length;
      separated = true;
      break;
    }
    // A word: a verb separates; anything else is a qualifier ("for staging", "(prod)").
    let j = i;
    while (j < limit && text[j] !== ' ' && text[j] !== '\t' && text[j] !== '\n' && !(MARK_STARTS.has(text.charCodeAt(j)) && MARKS.some((m) => text.startsWith(m, j)))) j++;
    const word = text.slice(i, j);
    if (VERBS.has(word.toLowerCase()) || (setsTo && word === 'to')) {
      i = j;
      // `lautet: …`, `is: …`
      if (text[i] === ':') i++;
      separated = true;
      break;
    }
    // No separator at all: the value may follow the word directly ("token abc…", "密码 xxx").
    if (words === 0 && j > i && (cls !== 'weak' || j - i >= 20)) {
      const direct = valueSpan(text, i);
      if (direct && acceptable(text.slice(direct.start, direct.end), cls, false)) return direct;
    }
    if (j === i || j - i > 16 || text[j] === '\n' || !isQualifier(word) || DESCRIBING_RE.test(word)) return undefined;
    i = j;
    words++;
  }
  if (!separated) return undefined;
  while (i < text.length && (text[i] === ' ' || text[i] === '\t')) i++;
  if (cls === 'password') {
    APP_PASSWORD_AT_RE.lastIndex = i;
    if (APP_PASSWORD_AT_RE.test(text)) return { start: i, end: i + 19 };
  }
  const span = valueSpan(text, i);
  if (span && acceptable(text.slice(span.start, span.end), cls, true) && (!strict || typedPassword(text.slice(span.start, span.end)))) return span;
  // `creds: admin / …`, `login: root:…`: a user, then the password.
  return cls === 'password' && span && !isPlaceholderValue(text.slice(span.start, span.end)) ? loginValue(text, span.start - 1) : undefined;
}

/** The value starting at `i`: opening quotes skipped, a run of printable ASCII, closing punctuation dropped. */
function valueSpan(text: string, i: number): Span | undefined {
  while (i < text.length && QUOTES.includes(text[i]!) && !text.startsWith(PLACEHOLDER_PREFIX, i)) i++;
  if (text.startsWith(PLACEHOLDER_PREFIX, i)) return undefined;
  let j = i;
  while (j < text.length && j - i < 4096 && isValueChar(text.charCodeAt(j))) j++;
  while (j > i && TRAILING.includes(text[j - 1]!)) j--;
  return j > i ? { start: i, end: j } : undefined;
}

function acceptable(v: string, cls: WordClass, separated: boolean): boolean {
  // Placeholders, URLs (url-credentials has their passwords) and paths are no value of a credential word.
  if (v.startsWith(PLACEHOLDER_PREFIX) || v.includes('[REDACTED:') || isPlaceholderValue(v) || v.includes('://') || /^(?:~|\.{1,2})?\/[\w.-]/.test(v)) return false;
  if (cls === 'password') return separated ? isPasswordValue(v) : isPasswordValue(v) && (isSecretValue(v, 8) || isStrongTyped(v));
  // `key: node-cache-Linux-npm-<hash>`: words before a hash make a cache key or a file's name, not a key.
  if (cls === 'weak' && /^(?:[A-Za-z]{2,}[-_.]){2}/.test(v)) return false;
  return isSecretValue(v, cls === 'weak' && !separated ? 20 : 16);
}

/** The ASCII credential word around a secret-word hit at `at`: whole, not part of an identifier or a quoted key. */
function asciiWordAt(text: string, at: number): { cls: WordClass; start: number; end: number } | undefined {
  // Bounded both ways: the longest word is 11 letters (a run of `passwordpassword…` is no word).
  let s = at;
  while (s > 0 && at - s <= 12 && isAsciiLetter(text.charCodeAt(s - 1))) s--;
  let e = at;
  while (e < text.length && e - at <= 12 && isAsciiLetter(text.charCodeAt(e))) e++;
  if (at - s > 12 || e - at > 12 || text.startsWith(PLACEHOLDER_PREFIX, s - PLACEHOLDER_PREFIX.length)) return undefined;
  const word = text.slice(s, e).toLowerCase();
  // Other languages' password words as ASCII writes them (`kennwort`, `haslo`: secret-names' PASSWORD_WORDS).
  let cls = ASCII_WORDS.get(word) ?? (PASSWORD_WORDS.has(word) ? 'password' : undefined);
  if (!cls) return undefined;
  if (word === 'passe' && !/mot de $/i.test(text.slice(Math.max(0, s - 7), s))) return undefined;
  const before = s > 0 ? text.charCodeAt(s - 1) : 32;
  const after = e < text.length ? text.charCodeAt(e) : 32;
  // `secret_key`, `token2`, `"key":`, `$token`, `secret-scanning`: identifiers and quoted keys belong to code.
  // `f(password: Uint8Array, …)`, `{ token: … }`: parameters and object members are code.
  if (isWordChar(before) || before === 34 || before === 39 || before === 36 || before === 46 || before === 40 || before === 44 || before === 123 || before === 91) return undefined;
  if (!(after === 32 || after === 9 || after === 58 || after === 0xff1a || after === 40 || e === text.length)) return undefined;
  // `public key`, `primary key`, `cache key`: a key that is no secret.
  if (cls === 'weak' && NOT_SECRET_BEFORE.test(text.slice(Math.max(0, s - 16), s))) return undefined;
  return { cls, start: s, end: e };
}

const WITH_END_RE = / with$/i;

/** Two hit lists merged in order of position. */
function mergeHits(a: Hits, b: Hits): Hits {
  const out: Hits = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (j >= b.length || (i < a.length && a[i]! <= b[j]!)) out.push(a[i]!, a[i + 1]!), (i += 2);
    else out.push(b[j]!, b[j + 1]!), (j += 2);
  }
  return out;
}

/** After `log in with`: a user name, `/` or `:` (blanks around it allowed), and a password. */
function loginValue(text: string, end: number): Span | undefined {
  let i = end;
  if (text[i] !== ' ') return undefined;
  while (text[i] === ' ') i++;
  const u = i;
  while (i < text.length && i - u <= 64 && isValueChar(text.charCodeAt(i)) && text[i] !== '/' && text[i] !== ':') i++;
  if (i === u || i - u > 64) return undefined;
  while (text[i] === ' ') i++;
  if (text[i] !== '/' && text[i] !== ':') return undefined;
  i++;
  while (text[i] === ' ') i++;
  const span = valueSpan(text, i);
  return span && acceptable(text.slice(span.start, span.end), 'password', true) ? span : undefined;
}

/**
 * Every credential introduced in prose replaced by its placeholder. `hits`: where the secret words
 * occur (from the hint scan).
 */
export function redactProseCredentials(text: string, hits: Hits, proseHits: Hits = []): string {
  const spans: SecretSpan[] = [];
  let seenEnd = -1;
  const all = proseHits.length ? mergeHits(hits, proseHits) : hits;
  for (let k = 0; k < all.length; k += 2) {
    const at = all[k]!;
    // `log in with admin / …`: a user, a slash or colon, a password.
    if (WITH_END_RE.test(text.substr(at, all[k + 1]!))) {
      const v = loginValue(text, at + all[k + 1]!);
      if (v) spans.push({ ...v, kind: 'password' });
      continue;
    }
    const w = asciiWordAt(text, at);
    if (!w || w.end <= seenEnd) continue;
    seenEnd = w.end;
    const setsTo = w.cls === 'password' && SETS_BEFORE_RE.test(text.slice(Math.max(0, w.start - 40), w.start));
    // `pass` (lower case: `--- PASS: TestX/…` is a test runner's) only before an unmistakable password.
    const word = text.slice(w.start, w.end);
    if (word === 'PASS' || word === 'Pass') continue;
    const v = valueAfter(text, w.end, w.cls, setsTo, word === 'pass');
    if (v) spans.push({ ...v, kind: w.cls === 'password' ? 'password' : 'secret' });
  }
  if (NON_ASCII_RE.test(text)) {
    wideRe ??= new RegExp([...WIDE_WORDS.keys()].sort((a, b) => b.length - a.length).join('|'), 'gi');
    wideRe.lastIndex = 0;
    for (let m = wideRe.exec(text); m; m = wideRe.exec(text)) {
      // Latin-script words are whole words (`clave`, not `autoclave`).
      const before = m.index > 0 ? text.charCodeAt(m.index - 1) : 32;
      const after = m.index + m[0].length < text.length ? text.charCodeAt(m.index + m[0].length) : 32;
      if (isAsciiLetter(m[0].charCodeAt(0)) && (isWordChar(before) || isWordChar(after))) continue;
      const cls = WIDE_WORDS.get(m[0].toLowerCase()) ?? WIDE_WORDS.get(m[0]) ?? 'secret';
      const v = valueAfter(text, m.index + m[0].length, cls);
      if (v) spans.push({ ...v, kind: cls === 'password' ? 'password' : 'secret' });
    }
  }
  spans.push(...contextSpans(text, hits));
  return replaceSpans(text, spans);
}
