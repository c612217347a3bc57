#!/usr/bin/env node
// In a clone: runs the TypeScript sources through tsx's loader, no build step. The published package runs
// the bundle that scripts/build.js makes instead (no tsx there).
import { register } from 'tsx/esm/api';

register();
await import('../src/cli.ts');
