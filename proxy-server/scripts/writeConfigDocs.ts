/** Writes docs/configuration.md and .env.example from the environment schema (`npm run docs:config`). */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../src/config';
import { CONFIGURATION_DOC_PATH, configurationMarkdown, ENV_EXAMPLE_PATH, envExample } from '../src/configReference';

writeFileSync(path.join(REPO_ROOT, CONFIGURATION_DOC_PATH), configurationMarkdown());
writeFileSync(path.join(REPO_ROOT, ENV_EXAMPLE_PATH), envExample());
console.log(`Wrote ${CONFIGURATION_DOC_PATH} and ${ENV_EXAMPLE_PATH}.`);
