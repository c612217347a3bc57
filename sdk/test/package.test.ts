/**
 * The published SDK, as a user gets it: built, packed, installed from the tarball into a scratch
 * project outside the repository, then (a) imported on Node, (b) type-checked with tsc --strict and
 * (c) bundled for the browser.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { beforeAll, describe, expect, it } from 'vitest';
import { freePort } from '@prompt-perfect/test-support/services/freePort';
import { npmPack, offlineNpmEnv, run, scratchDir } from '@prompt-perfect/test-support/packages/scratch';

const SDK_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
const TSC = path.join(path.dirname(require.resolve('typescript/package.json')), 'bin/tsc');

const USE_TS = `import { createPromptClient, compile, MissingVariableError, PromptFetchError, type Prompt, type PromptSource } from '@prompt-perfect/sdk';

const client = createPromptClient({ baseUrl: 'http://127.0.0.1:1', token: 'pp_x', ttlMs: 1000 });
export async function greet(name: string): Promise<string> {
  const prompt: Prompt = await client.getPrompt('greeting', { label: 'production', fallback: 'Hi {{name}}' });
  const source: PromptSource = prompt.source;
  const version: number = prompt.version;
  const model: string | null = prompt.config.model;
  // @ts-expect-error: values are strings, numbers or booleans
  prompt.compile({ name: [name] });
  // @ts-expect-error: no such option
  createPromptClient({ baseUrl: '', token: '', ttl: 5 });
  return \`\${source} \${version} \${model} \${prompt.compile({ name })}\`;
}
export const isMistake = (err: unknown) => err instanceof PromptFetchError && err.status === 404;
export const missing = (err: unknown) => (err instanceof MissingVariableError ? err.missing.join(',') : '');
export const filled: string = compile('{{a}}', { a: 1 });
`;

describe('@prompt-perfect/sdk packed and installed outside the repository', () => {
  const project = scratchDir('pp-sdk-app-');
  const env = offlineNpmEnv(project);
  let packed: { tarball: string; bytes: number };

  beforeAll(async () => {
    const build = await run('npm', ['run', 'build'], { cwd: SDK_DIR });
    expect(build.code, build.stderr).toBe(0);
    packed = await npmPack(SDK_DIR, scratchDir('pp-sdk-pack-'));
    writeFileSync(path.join(project, 'package.json'), JSON.stringify({ name: 'app', private: true, type: 'module' }));
    const install = await run('npm', ['install', packed.tarball], { cwd: project, env });
    expect(install.code, install.stderr).toBe(0);
  }, 60_000);

  it('ships only dist, the README and the CHANGELOG, with no runtime dependency', async () => {
    const list = await run('tar', ['-tzf', packed.tarball]);
    const files = list.stdout.trim().split('\n').sort();
    expect(files).toEqual([
      'package/CHANGELOG.md',
      'package/README.md',
      'package/dist/client.d.ts',
      'package/dist/client.js',
      'package/dist/compile.d.ts',
      'package/dist/compile.js',
      'package/dist/index.d.ts',
      'package/dist/index.js',
      'package/dist/types.d.ts',
      'package/dist/types.js',
      'package/package.json',
    ]);
    const manifest = JSON.parse(
      readFileSync(path.join(project, 'node_modules/@prompt-perfect/sdk/package.json'), 'utf8'),
    );
    expect(manifest.dependencies).toBeUndefined();
    expect(manifest.private).toBeUndefined();
    expect(packed.bytes).toBeLessThan(20_000);
  });

  it('(a) imports and works on Node, as an ES module and through require()', async () => {
    const port = await freePort();
    writeFileSync(
      path.join(project, 'esm.js'),
      `import { createPromptClient, MissingVariableError } from '@prompt-perfect/sdk';
const client = createPromptClient({ baseUrl: 'http://127.0.0.1:${port}', token: 'pp_x', timeoutMs: 2000 });
const p = await client.getPrompt('greeting', { label: 'production', fallback: 'Hi {{name}}' });
let refused = '';
try { p.compile({}); } catch (e) { refused = e instanceof MissingVariableError ? e.message : 'wrong error'; }
console.log(JSON.stringify({ node: process.version, source: p.source, text: p.compile({ name: 'Ada' }), refused }));
`,
    );
    writeFileSync(
      path.join(project, 'cjs.cjs'),
      `const { compile } = require('@prompt-perfect/sdk');\nconsole.log(compile('{{x}}!', { x: 'cjs' }));\n`,
    );
    const esm = await run(process.execPath, ['esm.js'], { cwd: project });
    expect(esm.stderr).toBe('');
    const out = JSON.parse(esm.stdout);
    expect(out).toEqual({
      node: process.version,
      source: 'fallback',
      text: 'Hi Ada',
      refused: 'No value for {{name}}: pass it to compile().',
    });
    const cjs = await run(process.execPath, ['cjs.cjs'], { cwd: project });
    expect(cjs.stdout.trim(), cjs.stderr).toBe('cjs!');
  });

  it('(b) type-checks a file using it with tsc --strict (and catches misuse)', async () => {
    writeFileSync(path.join(project, 'use.ts'), USE_TS);
    const strict = ['--strict', '--noEmit', '--module', 'nodenext', '--moduleResolution', 'nodenext'];
    const tsc = (file: string) =>
      run(process.execPath, [TSC, ...strict, '--target', 'es2022', '--lib', 'es2022,dom', '--types', '', file], {
        cwd: project,
      });
    const ok = await tsc('use.ts');
    expect(ok.stdout + ok.stderr).toBe('');
    expect(ok.code).toBe(0);

    writeFileSync(path.join(project, 'wrong.ts'), USE_TS.replaceAll('// @ts-expect-error', '//'));
    const wrong = await tsc('wrong.ts');
    expect(wrong.code).not.toBe(0);
    expect(wrong.stdout).toMatch(/wrong\.ts\(10,.*TS2322/);
    expect(wrong.stdout).toMatch(/wrong\.ts\(12,.*'ttl' does not exist/);
  });

  it('(c) bundles for the browser with nothing from Node', async () => {
    writeFileSync(
      path.join(project, 'browser.js'),
      `import { createPromptClient } from '@prompt-perfect/sdk';\nwindow.prompts = createPromptClient({ baseUrl: location.origin, token: 'pp_x' });\n`,
    );
    const bundle = await build({
      absWorkingDir: project,
      entryPoints: ['browser.js'],
      bundle: true,
      platform: 'browser',
      format: 'esm',
      minify: true,
      outfile: 'out/app.js',
      logLevel: 'silent',
    });
    expect(bundle.errors).toEqual([]);
    const js = readFileSync(path.join(project, 'out/app.js'), 'utf8');
    expect(js).toContain('If-None-Match'.toLowerCase());
    expect(js).not.toMatch(/\brequire\(|node:/);
    expect(js.length).toBeLessThan(6_000);
  });
});
