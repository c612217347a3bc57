/**
 * Issue 40, item 7: the server's linter keeps no user's prompt after the request. A heap snapshot
 * (live objects only) taken after a signed-in user's lint request holds none of the prompt's text.
 * The prompt is built from bytes, and read back from the snapshot as bytes, so this test keeps no
 * copy of it as a string itself.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { writeHeapSnapshot } from 'node:v8';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInLocal, startTestEnv, tempDir, type TestEnv } from './helpers';

let env: TestEnv;
beforeAll(async () => {
  env = await startTestEnv();
});
afterAll(() => env.close());

/** A word no prompt or source has: ten random lowercase letters. */
const uniqueWord = () => Buffer.from([...randomBytes(10)].map((b) => 97 + (b % 26)));

describe('the server linter', () => {
  it('holds none of a prompt in memory once its request is answered', async () => {
    const cookie = await signInLocal(env.url);
    const word = uniqueWord();
    // Sentences the duplicate and constraint rules read, and an example section: every memo sees the word.
    const body = Buffer.concat([
      Buffer.from('{"prompt":"Be brief about '),
      word,
      Buffer.from('. Explain '),
      word,
      Buffer.from(' in great detail. Be brief about '),
      word,
      Buffer.from('.\\n\\nExamples:\\nInput: '),
      word,
      Buffer.from('\\nOutput: yes"}'),
    ]);
    const res = await fetch(`${env.url}/api/lint`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie },
      body,
    });
    expect(res.status).toBe(200);
    await res.arrayBuffer();
    const file = path.join(tempDir('pp-heap-'), 'after-lint.heapsnapshot');
    writeHeapSnapshot(file);
    const snapshot = readFileSync(file);
    rmSync(file);
    expect(snapshot.includes(word)).toBe(false);
  }, 60_000);
});
