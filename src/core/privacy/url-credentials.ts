/**
 * @module core/privacy/url-credentials
 * `scheme://user:password@host`: the password replaced, found from each `://`, not by a scan.
 */
import { isPlaceholderValue, placeholder } from './placeholder.ts';

/** Scheme-ish characters before `://` (`postgres`, `mongodb+srv`, `git+ssh`). */
const SCHEME_CHAR_RE = /[a-z0-9+.-]/i;
/** `user:password@` right after `://`; sticky, bounded, so each `://` costs a constant. */
const URL_CREDENTIALS_RE = /([^\s:/?#@"'<>]{0,256}:)([^\s@/?#"'<>]{1,256})@/y;

export function redactUrlCredentials(text: string): string {
  let at = text.indexOf('://');
  if (at < 0) return text;
  let out = '';
  let last = 0;
  while (at >= 0) {
    let s = at;
    while (s > 0 && at - s < 25 && SCHEME_CHAR_RE.test(text[s - 1]!)) s--;
    URL_CREDENTIALS_RE.lastIndex = at + 3;
    const m = s < at ? URL_CREDENTIALS_RE.exec(text) : null;
    if (m && !isPlaceholderValue(m[2]!)) {
      const secretStart = at + 3 + m[1]!.length;
      out += text.slice(last, secretStart) + placeholder('password', m[2]!);
      last = secretStart + m[2]!.length;
    }
    at = text.indexOf('://', at + 3);
  }
  return out + text.slice(last);
}
