#!/usr/bin/env node
/**
 * Empties ./dist before a production build. A remote compiles twice into one dist/ (container
 * and standalone page) in parallel, so neither compilation may clean it: they would race.
 */
import { rmSync } from 'node:fs';
import path from 'node:path';

rmSync(path.resolve(process.cwd(), 'dist'), { recursive: true, force: true });
