/**
 * Text cut inside a secret (a title clipped to 150 characters, a line shortened with `…`) by
 * something other than mnemo's own capture, which redacts before it cuts: `mnemo import jsonl`
 * reads such text from files written elsewhere. What is left of the secret must still go.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactText } from '../../../src/core/privacy/redact.ts';
import { redactCutTail } from '../../../src/core/privacy/cut-tail.ts';
import { FAKE, chars } from './fake-secrets.ts';

/** Every prefix of `text` that ends `keep` characters or more into `secret`. */
function cutsInside(text: string, secret: string, keep: number): string[] {
  const at = text.indexOf(secret);
  const out: string[] = [];
  for (let n = at + keep; n < at + secret.length; n += 3) out.push(text.slice(0, n));
  return out;
}

test('a quoted value under a secret name whose closing quote was cut off is redacted', () => {
  const session = 'IQoJb3JpZ2luX2Vj' + chars(120, 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/');
  for (const doc of [`Ran export AWS_SESSION_TOKEN="${session}" && ./deploy.sh`, `const client = createClient({ awsSessionToken: "${session}", timeoutMs: 5000 });`]) {
    for (const cut of cutsInside(doc, session, 12)) {
      for (const text of [cut, `${cut}…`, `${cut}\nnext line`]) {
        const out = redactText(text);
        assert.ok(!out.includes(session.slice(0, 12)), `kept: ${JSON.stringify(out)}`);
        assert.match(out, /\[REDACTED:(token|api_key|secret|aws_session_token):[0-9a-f]{6}\]/);
      }
    }
  }
});

test('a shaped token cut at the end of a text is redacted, wherever the cut falls past its prefix', () => {
  const tokens = [FAKE.githubClassic, FAKE.githubOauth, FAKE.gitlab, FAKE.slackBot, FAKE.anthropic, FAKE.openaiProject];
  for (const t of tokens) {
    // At least 16 characters past the longest prefix (`sk-ant-`), so what is left is unmistakably generated.
    for (const cut of cutsInside(`2026-11-29 INFO connecting with ${t} (attempt 1)`, t, 23)) {
      const out = redactText(cut);
      assert.ok(!out.includes(t.slice(7, 23)), `kept: ${JSON.stringify(out)}`);
    }
  }
  const npmrc = `//registry.npmjs.org/:_authToken=npm_${chars(36)}`;
  assert.ok(!redactText(`Here it is: ${npmrc.slice(0, -6)}`).includes(npmrc.slice(38, 50)));
});

test('a cut text that only looks like the start of something keeps its words', () => {
  for (const text of [
    'password: "Please enter your',
    'the token: "unfinished sentence about',
    'See the docs for secret_santa_assignments',
    'Ran git log --oneline -n 20 | grep sk-learn',
    'const apiKey = "',
  ]) {
    assert.equal(redactText(text), text);
  }
});

test('a cut token takes the kind of its longest leading literal; a literal that sits mid-token leads nothing', () => {
  const rest = 'Zx9aa1bb2cc3dd4ee5ff6';
  const kindOf = (text: string) => /\[REDACTED:([a-z_]+):[0-9a-f]{6}\]$/.exec(redactCutTail(text))?.[1];
  assert.equal(kindOf(`cut: sk-ant-${rest}`), 'anthropic_key');
  assert.equal(kindOf(`cut: sk-${rest}`), 'openai_key');
  assert.equal(kindOf(`cut: path/ghp_${rest}`), 'github_token');
  assert.equal(kindOf(`cut: x=glpat-${rest}`), 'gitlab_token');
  // `Q~` leads nothing: Azure secrets have it after four characters (an anchored rule).
  assert.equal(redactCutTail(`cut: Q~${rest}`), `cut: Q~${rest}`);
});
