import { test } from 'node:test';
import assert from 'node:assert/strict';
import { redactText } from '../../../src/core/privacy/redact.ts';

test('secrets in shell environment prefixes mid-line are redacted; spaced code assignments are not values', () => {
  const secret = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYzQ9x2mN4kP';
  for (const line of [`A=1 AWS_SECRET_ACCESS_KEY=${secret} aws s3 ls`, `cd x && DB_PASSWORD=${'hunter2'}x9 npm start`, `(STRIPE_SECRET=${secret} node app.js)`]) {
    const out = redactText(line);
    assert.ok(!out.includes(secret) && !out.includes('hunter2x9'), out);
  }
  assert.equal(redactText('const API_TOKEN_HEADER = buildHeader(name);'), 'const API_TOKEN_HEADER = buildHeader(name);');
});
