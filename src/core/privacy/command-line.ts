/**
 * @module core/privacy/command-line
 * Credentials passed as arguments of the tools that take them on the command line:
 * `curl -u user:pass`, `mysql -p<pass>`, `sshpass -p pass`, `htpasswd -b file user pass`,
 * `redis-cli -a pass`, `docker login -p pass`, `ldapsearch -w pass`, `smbclient -U user%pass`,
 * `sqlcmd -P pass`, `sqlplus user/pass@db`, `lftp -u user,pass`, `xfreerdp /p:pass`,
 * `openssl … -passin pass:…`, `keytool -storepass …`. (`--password=…`, `--token …`, headers and
 * `PGPASSWORD=… psql` are assignments, see assignments.) The hint scan finds the tools' names;
 * each command is then split into shell words up to the end of the command. The hook bundle keeps
 * this module in a file of its own (hook-commands.cjs, scripts/build.mjs), loaded only by a hook
 * whose text names one of the tools: its exports must stay functions.
 */
import type { Hits } from './hint-scan.ts';
import { isPlaceholderValue, PLACEHOLDER_PREFIX, replaceSpans, type SecretSpan as Span } from './placeholder.ts';
import { secretNameKind } from './secret-names.ts';
import { isSecretLiteral } from './secret-literal.ts';
import { randomish } from './shape.ts';

/** How an argument carries the secret. */
type Carrier =
  /** The whole value is the secret. */
  | 'secret'
  /** `user:pass` (curl), `user%pass` (smbclient), `user,pass` (lftp), `user/pass@db` (sqlplus): what follows the separator. */
  | { readonly after: string };

interface FlagRule {
  readonly flag: string;
  readonly carrier: Carrier;
  /** The value may follow the flag directly (`-pS3cret`, `-uuser:pass`, `--user=u:p`). */
  readonly attached?: boolean;
  /** The value may be the next word. */
  readonly separate?: boolean;
}

const USER_PASS: Carrier = { after: ':' };
const both = (flag: string, carrier: Carrier = 'secret'): FlagRule => ({ flag, carrier, attached: true, separate: true });
const next = (flag: string, carrier: Carrier = 'secret'): FlagRule => ({ flag, carrier, separate: true });
const glued = (flag: string, carrier: Carrier = 'secret'): FlagRule => ({ flag, carrier, attached: true });

const CURL: readonly FlagRule[] = [both('-u', USER_PASS), both('--user', USER_PASS), both('-U', USER_PASS), both('--proxy-user', USER_PASS), both('--oauth2-bearer'), both('--pass')];
const LOGIN: readonly FlagRule[] = [both('-p'), both('--password')];
const LDAP: readonly FlagRule[] = [both('-w')];
const SQLCMD: readonly FlagRule[] = [both('-P')];

let tools: ReadonlyMap<string, readonly FlagRule[]> | undefined;

/** Tool name → the flags of it that carry a credential. Names are matched as whole shell words. Built when a tool's name was seen. */
function toolFlags(): ReadonlyMap<string, readonly FlagRule[]> {
  return (tools ??= toolTable());
}

function toolTable(): ReadonlyMap<string, readonly FlagRule[]> {
  return new Map<string, readonly FlagRule[]>([
    ['curl', CURL],
    ['wget', [both('--user', USER_PASS)]],
    ['mysql', [glued('-p')]],
    ['mysqldump', [glued('-p')]],
    ['mysqladmin', [glued('-p')]],
    ['mysqlimport', [glued('-p')]],
    ['mysqlsh', [glued('-p')]],
    ['mariadb', [glued('-p')]],
    ['mariadb-dump', [glued('-p')]],
    ['sshpass', [both('-p')]],
    ['redis-cli', [both('-a'), next('--pass'), next('--askpass')]],
    ['valkey-cli', [both('-a'), next('--pass')]],
    ['mongo', LOGIN],
    ['mongosh', LOGIN],
    ['mongodump', LOGIN],
    ['mongorestore', LOGIN],
    ['mongoexport', LOGIN],
    ['mongoimport', LOGIN],
    ['login', [...LOGIN, next('--password-stdin')]],
    ['ldapsearch', LDAP],
    ['ldapmodify', LDAP],
    ['ldapadd', LDAP],
    ['ldapdelete', LDAP],
    ['ldapwhoami', LDAP],
    ['ldappasswd', [...LDAP, both('-s')]],
    ['smbclient', [both('-U', { after: '%' }), both('--user', { after: '%' })]],
    ['rpcclient', [both('-U', { after: '%' })]],
    ['sqlcmd', SQLCMD],
    ['bcp', SQLCMD],
    ['osql', SQLCMD],
    ['isql', SQLCMD],
    ['lftp', [both('-u', { after: ',' })]],
    ['xfreerdp', [glued('/p:')]],
    ['wlfreerdp', [glued('/p:')]],
    ['rdesktop', [both('-p')]],
    ['ncftp', [both('-p')]],
    // `-N` the new passphrase, `-P` the old one.
    ['ssh-keygen', [next('-N'), next('-P')]],
    ['mosquitto_pub', [both('-P')]],
    ['mosquitto_sub', [both('-P')]],
    ['zip', [next('-P'), both('--password')]],
    ['7z', [glued('-p')]],
    // `openssl enc -k <password>` (`-pass pass:…` is passColonSpan's).
    ['openssl', [next('-k')]],
  ]);
}

/**
 * How a subcommand takes its credential: as the first or second word that is no flag (`vault login
 * <token>`, `rabbitmqctl add_user <name> <password>`, `net user <name> <password>`); as the value
 * after a key whose name is a secret's (`npm config set //host/:_authToken <value>`, `aws configure
 * set aws_secret_access_key <value>`, `git config --global github.token <value>`, `CONFIG SET
 * requirepass <value>`, `nmcli … password <value>`); or after flags of its own (`gh secret set NAME
 * --body <value>`, where `--body` elsewhere is a pull request's text).
 */
type Positional = 'first' | 'second' | 'keyed' | readonly FlagRule[];

/** Subcommands (and tools) whose credential is a plain word, matched as the words of the hint itself. */
const POSITIONAL: ReadonlyMap<string, Positional> = new Map<string, Positional>([
  ['vault login', 'first'],
  ['rabbitmqctl add_user', 'second'],
  ['rabbitmqctl change_password', 'second'],
  ['net user', 'second'],
  ['config set', 'keyed'],
  ['CONFIG SET', 'keyed'],
  ['configure set', 'keyed'],
  ['config --global', 'keyed'],
  ['config --local', 'keyed'],
  ['nmcli', 'keyed'],
  ['secret set', [both('--body'), both('-b')]],
]);

/** The names the hint scan looks for: tools, and the arguments that mark a password wherever they are. */
export function commandHints(): readonly string[] {
  return [...toolFlags().keys(), 'htpasswd', 'sqlplus', 'pass:', 'storepass', 'keypass', ...POSITIONAL.keys(), ...STDIN_READERS];
}

interface Word {
  /** Where the word starts in the source (inside its quotes) and its text, quotes removed. */
  readonly start: number;
  readonly text: string;
  /** For `--user="a:b"`: where in `text` the quoted part begins (one quote later in the source). */
  readonly split?: number;
}

/** Where character `p` of a word's text sits in the source. */
function sourceAt(w: Word, p: number): number {
  return w.split !== undefined && p >= w.split ? w.start + p + 1 : w.start + p;
}

/** `[A-Za-z0-9_.-]`: characters that continue a tool's name (`curlie`, `mysql.server`). */
function isNameCode(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45 || c === 46;
}

/** Whether the hint at `at` is a command word: at a word start (or after a path), followed by a space. */
function isCommandAt(text: string, at: number, length: number): boolean {
  const after = text.charCodeAt(at + length);
  if (!(after === 32 || after === 9)) return false;
  if (at === 0) return true;
  const before = text.charCodeAt(at - 1);
  return !isNameCode(before) || before === 47; /* / */
}

/** Shell words from `from` to the end of the command (a line break, `|`, `;`, `&`), quotes removed. */
function shellWords(text: string, from: number, limit = 48): Word[] {
  const words: Word[] = [];
  let i = from;
  const stop = Math.min(text.length, from + 4000);
  while (i < stop && words.length < limit) {
    while (i < stop && (text[i] === ' ' || text[i] === '\t' || (text[i] === '\\' && text[i + 1] === '\n'))) i += text[i] === '\\' ? 2 : 1;
    const c = text[i];
    if (i >= stop || c === '\n' || c === '\r' || c === '|' || c === ';' || c === '&' || c === ')' || c === '`') break;
    if (c === '"' || c === "'") {
      const close = text.indexOf(c, i + 1);
      const nl = text.indexOf('\n', i + 1);
      // An unclosed quote (a cut text) runs to the line's end.
      const end = close < 0 || (nl >= 0 && nl < close) ? (nl < 0 ? stop : nl) : close;
      words.push({ start: i + 1, text: text.slice(i + 1, end) });
      i = end + 1;
      continue;
    }
    let j = i;
    while (j < stop && !' \t\n\r|;&)`"\''.includes(text[j]!)) j++;
    // `--user="a:b"`: a word that goes on into a quoted part keeps the quote's content.
    if (j < stop && (text[j] === '"' || text[j] === "'")) {
      const close = text.indexOf(text[j]!, j + 1);
      if (close > j) {
        words.push({ start: i, text: text.slice(i, j) + text.slice(j + 1, close), split: j - i });
        i = close + 1;
        continue;
      }
    }
    words.push({ start: i, text: text.slice(i, j) });
    i = j;
  }
  return words;
}

/** The secret part of word `w`'s text from `from` on, as a span of the source, if it holds one. */
function carried(w: Word, from: number, carrier: Carrier): Span | undefined {
  const value = w.text.slice(from);
  let s = 0;
  if (carrier !== 'secret') {
    const k = value.indexOf(carrier.after);
    if (k <= 0) return undefined;
    s = k + carrier.after.length;
    // sqlplus: `user/pass@db` — the password stops at the `@`.
  }
  let e = value.length;
  if (carrier !== 'secret' && carrier.after === '/') {
    const atSign = value.indexOf('@', s);
    if (atSign >= 0) e = atSign;
  }
  const secret = value.slice(s, e);
  if (secret.length < 3 || isPlaceholderValue(secret) || secret.startsWith(PLACEHOLDER_PREFIX) || secret.startsWith('$')) return undefined;
  return { start: sourceAt(w, from + s), end: sourceAt(w, from + e - 1) + 1, kind: 'password' };
}

function flagSpans(words: readonly Word[], rules: readonly FlagRule[]): Span[] {
  const spans: Span[] = [];
  for (let k = 0; k < words.length; k++) {
    const w = words[k]!.text;
    for (const r of rules) {
      if (w === r.flag && r.separate && k + 1 < words.length) {
        const span = carried(words[k + 1]!, 0, r.carrier);
        if (span) spans.push(span);
        k++;
        break;
      }
      if (r.attached && w.length > r.flag.length && w.startsWith(r.flag)) {
        const skip = r.flag.length + (r.flag.startsWith('--') && w[r.flag.length] === '=' ? 1 : 0);
        // `-p` glued to a long option name is another option (`--port`, `-pvalue` only for short flags).
        if (!r.flag.startsWith('--') && w.startsWith('--')) continue;
        if (r.flag.startsWith('--') && w[r.flag.length] !== '=') continue;
        const span = carried(words[k]!, skip, r.carrier);
        if (span) spans.push(span);
        break;
      }
    }
  }
  return spans;
}

/** `htpasswd -b[c…] file user pass`, `htpasswd -nb user pass`: the last of the positional words. */
function htpasswdSpans(words: readonly Word[]): Span[] {
  const flags = words.filter((w) => w.text.startsWith('-'));
  if (!flags.some((f) => /^-[a-zA-Z]*b/.test(f.text))) return [];
  const positional = words.filter((w) => !w.text.startsWith('-'));
  const needed = flags.some((f) => /^-[a-zA-Z]*n/.test(f.text)) ? 2 : 3;
  const pass = positional[needed - 1];
  const span = pass ? carried(pass, 0, 'secret') : undefined;
  return span ? [span] : [];
}

/** `sqlplus user/pass@db`: the first word that is not a flag. */
function sqlplusSpans(words: readonly Word[]): Span[] {
  const first = words.find((w) => !w.text.startsWith('-'));
  const span = first && first.text.includes('/') ? carried(first, 0, { after: '/' }) : undefined;
  return span ? [span] : [];
}

/** The words of a positional subcommand (POSITIONAL): the secret word, if one is there. */
function positionalSpans(words: readonly Word[], how: Positional): Span[] {
  if (typeof how !== 'string') return flagSpans(words, how);
  // Flags start with `-`, Windows' with `/` (`net user bob … /add`; `//host/:_authToken` is a key).
  const plain = words.filter((w) => !w.text.startsWith('-') && !(w.text.startsWith('/') && w.text.indexOf('/', 1) < 0));
  let secret: Word | undefined;
  if (how === 'first') {
    // `vault login -method=userpass username=me password=…`: pairs are the assignments'; a word
    // (prose: "run vault login and paste…") is no token.
    secret = plain[0] && !plain[0].text.includes('=') && randomish(plain[0].text) ? plain[0] : undefined;
  } else if (how === 'second') {
    // A name, then the password (`*` asks for it).
    secret = plain[1] && !plain[1].text.includes('=') ? plain[1] : undefined;
  } else {
    for (let k = 0; k + 1 < plain.length && !secret; k++) {
      const kind = secretNameKind(plain[k]!.text);
      // `npmAlwaysAuth true`, `_authToken ${NPM_TOKEN}`: the value must be a literal (secret-literal).
      if (kind && isSecretLiteral(plain[k + 1]!.text, { quoted: false, kind, configStyle: true, lineInitial: false, header: false, after: '' })) secret = plain[k + 1];
    }
  }
  const span = secret ? carried(secret, 0, 'secret') : undefined;
  return span ? [span] : [];
}

/** `-passin pass:…`, `-passout pass:…` (openssl): the value after `pass:`. */
function passColonSpan(text: string, at: number): Span | undefined {
  let s = at;
  while (s > 0 && text[s - 1] !== ' ' && text[s - 1] !== '\t' && text[s - 1] !== '"' && text[s - 1] !== "'" && text[s - 1] !== '=') s--;
  if (s !== at) return undefined;
  const before = text.slice(Math.max(0, at - 24), at);
  if (!/-pass(?:in|out|word|phrase)?[\s=]+["']?$/.test(before)) return undefined;
  let e = at + 5;
  while (e < text.length && !' \t\n\r"\''.includes(text[e]!)) e++;
  return carried({ start: at + 5, text: text.slice(at + 5, e) }, 0, 'secret');
}

/** `-storepass …`, `-keypass …` (keytool, jarsigner), also `-srcstorepass`, `-destkeypass`. */
function javaPassSpan(text: string, at: number, length: number): Span | undefined {
  let s = at;
  while (s > 0 && /[a-z]/.test(text[s - 1]!)) s--;
  if (text[s - 1] !== '-' || (text[at + length] !== ' ' && text[at + length] !== '\t')) return undefined;
  const words = shellWords(text, at + length, 1);
  const v = words[0];
  if (!v || v.text.startsWith(':env') || v.text.startsWith(':file')) return undefined;
  return carried(v, 0, 'secret');
}

/**
 * What reads a credential from its standard input: `docker login --password-stdin`, `gh auth login
 * --with-token`, `npm login`. What is piped into it by `echo`/`printf` on the same line is the secret.
 */
const STDIN_READERS: readonly string[] = ['--password-stdin', '--with-token', 'npm login', 'secret put', '--data-file=-'];
const ECHO_RE = /^(?:.*\/)?(?:echo|printf)$/;

/** `echo <secret> | … --password-stdin`: the last word `echo` or `printf` writes into the pipe before `at`. */
function pipedSpan(text: string, at: number): Span | undefined {
  let ls = at;
  while (ls > 0 && at - ls < 2000 && text[ls - 1] !== '\n') ls--;
  const pipe = text.lastIndexOf('|', at);
  if (pipe < ls || text[pipe - 1] === '|') return undefined;
  // The piping command starts after the last `;`, `&&` or `(` before the pipe on the line.
  let cs = pipe;
  while (cs > ls && !';&(|'.includes(text[cs - 1]!)) cs--;
  const words = shellWords(text, cs);
  if (words.length < 2 || !ECHO_RE.test(words[0]!.text)) return undefined;
  const last = words[words.length - 1]!;
  // `echo hello | npm login`, `echo y | …`: a word is no credential; a token or a typed password mixes kinds of character.
  if (last.text.startsWith('-') || last.text.includes('%') || last.text.length < 8 || !(randomish(last.text) || /[^A-Za-z]/.test(last.text))) return undefined;
  return carried(last, 0, 'secret');
}

/** Every credential passed as a command-line argument replaced by its placeholder; `hits`: where the hints occur. */
export function redactCommandLines(text: string, hits: Hits): string {
  if (hits.length === 0) return text;
  const spans: Span[] = [];
  for (let k = 0; k < hits.length; k += 2) {
    const at = hits[k]!;
    const length = hits[k + 1]!;
    const word = text.substr(at, length);
    if (word === 'pass:') {
      const span = passColonSpan(text, at);
      if (span) spans.push(span);
      continue;
    }
    if (STDIN_READERS.includes(word)) {
      const span = pipedSpan(text, at);
      if (span) spans.push(span);
      continue;
    }
    if (word === 'storepass' || word === 'keypass') {
      const span = javaPassSpan(text, at, length);
      if (span) spans.push(span);
      continue;
    }
    if (!isCommandAt(text, at, length)) continue;
    const words = shellWords(text, at + length);
    const positional = POSITIONAL.get(word);
    if (positional) spans.push(...positionalSpans(words, positional));
    else if (word === 'htpasswd') spans.push(...htpasswdSpans(words));
    else if (word === 'sqlplus') spans.push(...sqlplusSpans(words));
    else spans.push(...flagSpans(words, toolFlags().get(word) ?? []));
  }
  return replaceSpans(text, spans);
}
