/**
 * Builds the published `prompt-perfect` package into cli/dist: the bin, one ES module holding the CLI,
 * core and every dependency (no tsx, nothing to install) with each command's code in a chunk beside it,
 * its package.json, README and the licences of what it bundles. Everything src/cli.ts reaches is
 * bundled, so a new command file needs no change here.
 * `npm pack ./cli/dist` makes the tarball.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync, copyFileSync, existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const cli = path.resolve(import.meta.dirname, '..');
const out = path.join(cli, 'dist');
const workspace = JSON.parse(readFileSync(path.join(cli, 'package.json'), 'utf8'));
const root = JSON.parse(readFileSync(path.join(cli, '../package.json'), 'utf8'));

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/**
 * zod re-exports its 40 message locales (a quarter of this file) and sets English itself; nothing here
 * switches locale, so the bundle keeps English only. Node compiles all of the file on every start.
 */
const englishZodOnly = {
  name: 'english-zod-only',
  setup(b) {
    b.onLoad({ filter: /[\\/]zod[\\/]v4[\\/]locales[\\/]index\.js$/ }, () => ({
      contents: "export { default as en } from './en.js';",
      loader: 'js',
    }));
  },
};

const { metafile } = await build({
  plugins: [englishZodOnly],
  absWorkingDir: cli,
  entryPoints: { 'prompt-perfect': 'src/cli.ts' },
  outdir: out,
  // Each command's code (and the model and MCP SDKs) in chunks loaded when the command runs: Node
  // compiles what it loads, so `--version` and `lint` start without parsing the megabyte `mcp` needs.
  splitting: true,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  // Names kept: error names such as AbortError still match.
  minify: true,
  keepNames: true,
  charset: 'ascii',
  legalComments: 'none',
  metafile: true,
  logLevel: 'warning',
  // Bundled CommonJS dependencies call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __ppCreateRequire } from 'node:module';\nconst require = __ppCreateRequire(import.meta.url);",
  },
});
// The shebang goes on the bin only (a banner would put it on every chunk).
const bin = path.join(out, 'prompt-perfect.js');
writeFileSync(bin, `#!/usr/bin/env node\n${readFileSync(bin, 'utf8')}`);

/** The npm packages the bundle holds, each with its licence text (they are shipped inside our file). */
function bundledPackages() {
  const dirs = new Set();
  for (const input of Object.keys(metafile.inputs)) {
    const m = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
    if (m) dirs.add(path.resolve(cli, m[1]));
  }
  return [...dirs]
    .map((dir) => {
      const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8'));
      const file = readdirSync(dir).find((f) => /^(licen[cs]e|copying)(\.|$)/i.test(f));
      return {
        name: pkg.name,
        version: pkg.version,
        license: pkg.license,
        text: file ? readFileSync(path.join(dir, file), 'utf8').trim() : '',
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

const notices = bundledPackages()
  .map(
    (p) =>
      `## ${p.name} ${p.version} (${p.license ?? 'see its text'})\n\n${p.text || '(no licence file in the package)'}\n`,
  )
  .join('\n');
writeFileSync(
  path.join(out, 'THIRD_PARTY_LICENSES.md'),
  `# Licences of the packages bundled in prompt-perfect.js\n\n${notices}`,
);

const manifest = {
  name: 'prompt-perfect',
  version: workspace.version,
  description: workspace.description,
  keywords: ['prompt', 'prompt-engineering', 'lint', 'llm', 'mcp', 'cli'],
  type: 'module',
  bin: { 'prompt-perfect': 'prompt-perfect.js' },
  engines: root.engines,
};
writeFileSync(path.join(out, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
if (existsSync(path.join(cli, 'README.md'))) copyFileSync(path.join(cli, 'README.md'), path.join(out, 'README.md'));
