/**
 * Builds the published package into dist/: ES2022 JavaScript and .d.ts files, compiled by the
 * repository's TypeScript with Node's module rules (so every import in dist resolves as written).
 */
import { execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const sdk = path.resolve(import.meta.dirname, '..');
const tsc = path.join(path.dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin/tsc');
rmSync(path.join(sdk, 'dist'), { recursive: true, force: true });
execFileSync(process.execPath, [tsc, '-p', path.join(sdk, 'tsconfig.build.json')], { stdio: 'inherit' });
