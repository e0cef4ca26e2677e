/**
 * @module core/privacy/url-credentials
 * Credentials in a URL's user part, found from each `://`, not by a scan: the password of
 * `scheme://user:password@host` (any scheme), and a token standing alone as the user
 * (`https://<token>@github.com/…`, a Sentry DSN's key).
 */
import { PLACEHOLDER_PREFIX, isPlaceholderValue, placeholder } from './placeholder.ts';
import { HEX } from './char-class.ts';
import { looksGenerated } from './shape.ts';

/** Scheme-ish characters before `://` (`postgres`, `mongodb+srv`, `git+ssh`). */
const SCHEME_CHAR_RE = /[a-z0-9+.-]/i;
/** `user:password@` right after `://` (a typed password may hold a `#`, which a URL would escape); sticky, bounded, so each `://` costs a constant. */
const URL_CREDENTIALS_RE = /([^\s:/?#@"'<>]{0,256}:)([^\s@/?"'<>]{1,256})@/y;

/** Characters that end a URL's user part. */
function endsUser(c: number): boolean {
  // whitespace, " ' < > / ? # @ : [ ]
  return c <= 32 || c === 34 || c === 39 || c === 60 || c === 62 || c === 47 || c === 63 || c === 35 || c === 64 || c === 58 || c === 91 || c === 93 || c === 96;
}

/** A user part that is a credential rather than a name: generated-looking, or a long hex run. */
function isTokenUser(user: string): boolean {
  if (user.length < 16 || isPlaceholderValue(user)) return false;
  if (user.length >= 32 && HEX.run(user, 0, user.length) === user.length) return true;
  return looksGenerated(user, 16);
}

export function redactUrlCredentials(text: string): string {
  let at = text.indexOf('://');
  if (at < 0) return text;
  let out = '';
  let last = 0;
  while (at >= 0) {
    let s = at;
    while (s > 0 && at - s < 25 && SCHEME_CHAR_RE.test(text[s - 1]!)) s--;
    const userAt = at + 3;
    // A user part already redacted (`https://[REDACTED:github_token:…]@…`) holds a `:` of its own.
    if (s < at && !text.startsWith(PLACEHOLDER_PREFIX, userAt)) {
      URL_CREDENTIALS_RE.lastIndex = userAt;
      const m = URL_CREDENTIALS_RE.exec(text);
      if (m && !isPlaceholderValue(m[2]!)) {
        const secretStart = userAt + m[1]!.length;
        out += text.slice(last, secretStart) + placeholder('password', m[2]!);
        last = secretStart + m[2]!.length;
      } else if (!m) {
        let e = userAt;
        while (e < text.length && e - userAt <= 256 && !endsUser(text.charCodeAt(e))) e++;
        const user = text.slice(userAt, e);
        if (text.charCodeAt(e) === 64 /* @ */ && isTokenUser(user)) {
          out += text.slice(last, userAt) + placeholder('token', user);
          last = e;
        }
      }
    }
    at = text.indexOf('://', at + 3);
  }
  return out + text.slice(last);
}
