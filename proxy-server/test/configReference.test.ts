import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EnvSchema, REPO_ROOT } from '../src/config';
import { CONFIGURATION_DOC_PATH, configurationMarkdown, ENV_EXAMPLE_PATH, envExample } from '../src/configReference';

const committed = (file: string) => readFileSync(path.join(REPO_ROOT, file), 'utf8');

describe('configuration reference', () => {
  it('docs/configuration.md is what the schema generates (run `npm run docs:config` after changing config.ts)', () => {
    expect(committed(CONFIGURATION_DOC_PATH)).toBe(configurationMarkdown());
  });

  it('.env.example is what the schema generates', () => {
    expect(committed(ENV_EXAMPLE_PATH)).toBe(envExample());
  });

  it('names every variable the server reads, with its default where the schema has one', () => {
    const doc = configurationMarkdown();
    for (const name of Object.keys(EnvSchema.shape)) expect(doc).toContain(`**\`${name}\`**`);
    expect(doc).toContain('**`PORT`**: Port the server listens on; `0` picks a free one. Default `3002`.');
    expect(envExample()).toContain('# RATE_LIMIT_PER_USER=60');
  });
});
