/** Writes docs/rest-api.md from the OpenAPI document (`npm run docs:api`), formatted as the linter wants it. */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config';
import { REST_API_DOC_PATH, restApiMarkdown } from '../src/openapi/markdown';

writeFileSync(path.join(REPO_ROOT, REST_API_DOC_PATH), restApiMarkdown());
execFileSync(path.join(REPO_ROOT, 'node_modules/.bin/biome'), ['format', '--write', REST_API_DOC_PATH], {
  cwd: REPO_ROOT,
  stdio: 'ignore',
});
console.log(`Wrote ${REST_API_DOC_PATH}.`);
