#!/usr/bin/env node
// Runs the TypeScript sources through tsx's loader: works on a fresh clone after `npm ci`, no build step.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/main.ts');
process.exitCode = await main(process.argv.slice(2));
