import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { ReactRefreshRspackPlugin } from '@rspack/plugin-react-refresh';
import { PreloadManifestPlugin } from './preloadManifestPlugin.js';
import { checkContractExposes, contractInManifest } from './remoteContract.js';
import { serverRenderConfig } from './serverRenderConfig.js';
import { sharedDependencies } from './sharedDependencies.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Spec: code chunks load on demand and time out after 120 seconds. */
const CHUNK_LOAD_TIMEOUT_MS = 120_000;
const PROXY_PORT = Number(process.env.PROXY_PORT ?? 3002);

/**
 * The JavaScript the browser gets: ES2020 (Chrome 80, Firefox 74, Safari 14 and later), so SWC and
 * the bundler's runtime keep async functions, generators, spread and optional chaining as written
 * instead of down-levelling them to ES5 helpers: 10 KB less script on the visitor's first load.
 * (ES2022 would save under 0.1 KB more and leave out Safari 14 and 15.)
 */
const BROWSER_ES_VERSION = 'es2020';

const isProduction = (argv) => argv.mode !== 'development' && process.env.NODE_ENV !== 'development';
/** React Refresh only under `rspack serve` in development: production bundles carry no refresh runtime. */
const isHot = (env, production) => !production && env?.RSPACK_SERVE === true;
/** Edited components swap in place, state kept (docs/architecture.md, "Dev loop"). */
const refresh = (hot) => (hot ? [new ReactRefreshRspackPlugin()] : []);

/** What every front-end build has in common: TypeScript/React via SWC, CSS Modules, tokens. */
function baseConfig({ name, dir, production, hot = false }) {
  const hashed = (pattern) => (production ? pattern.replace('[name]', '[name].[contenthash:8]') : pattern);
  return {
    mode: production ? 'production' : 'development',
    context: dir,
    // Maps are emitted for error tooling and the bench, but bundles do not point browsers at them.
    devtool: production ? 'hidden-source-map' : 'eval-cheap-module-source-map',
    target: ['web', BROWSER_ES_VERSION],
    output: {
      path: path.join(dir, 'dist'),
      uniqueName: name,
      filename: hashed('[name].js'),
      chunkFilename: hashed('[name].js'),
      cssFilename: hashed('[name].css'),
      cssChunkFilename: hashed('[name].css'),
      chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        // Global design tokens are plain CSS, imported by path so MF never tries to share them.
        '@design-tokens': path.join(repoRoot, 'shared/src/styles/tokens.css'),
        // The retry plugin (latest 0.17.1) pins @module-federation/sdk 0.17.1; point it at the
        // SDK the runtime already ships so the first load does not carry two SDKs (+tslib).
        '@module-federation/sdk$': path.join(repoRoot, 'node_modules/@module-federation/sdk/dist/index.js'),
      },
    },
    module: {
      // `import styles from './X.module.css'`: one default object of class names per module.
      parser: { 'css/auto': { namedExports: false } },
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              target: BROWSER_ES_VERSION,
              parser: { syntax: 'typescript', tsx: true },
              transform: { react: { runtime: 'automatic', development: !production, refresh: hot } },
            },
          },
          type: 'javascript/auto',
        },
        // A feature's public entries only re-export (docs/code-rules.md). Flagged free of side
        // effects, the bundler resolves each import straight to the file that defines it: an entry
        // adds no module, pulls in none of its unused siblings and leaves the chunks as they were.
        { test: /[\\/]src[\\/]features[\\/][^\\/]+[\\/](index|lazy)\.ts$/, sideEffects: false },
        { test: /\.css$/, type: 'css/auto' },
        // A small image travels inside its chunk: on a phone network a request costs more than its bytes.
        { test: /\.(svg|png|ico)$/, type: 'asset', parser: { dataUrlCondition: { maxSize: 4 * 1024 } } },
      ],
    },
    performance: { hints: false },
  };
}

/** Every app's page comes from one template (tools/rspack/index.html); only the title differs. */
function htmlPage(title) {
  return new rspack.HtmlRspackPlugin({
    template: path.join(import.meta.dirname, 'index.html'),
    title,
    favicon: path.join(import.meta.dirname, 'favicon.svg'),
  });
}

function federation({ name, dir, exposes, experiments }) {
  return new ModuleFederationPlugin({
    name,
    filename: 'remoteEntry.js',
    exposes,
    // Remotes are registered at run time from /runtime-config.json, never baked in.
    remotes: {},
    shared: sharedDependencies(dir),
    // A dead remote must not hang the shell: do not load every remote entry at start-up.
    shareStrategy: 'loaded-first',
    // A remote's manifest carries the contract version the server's release gate checks.
    manifest: Object.keys(exposes).length > 0 ? { additionalData: contractInManifest } : true,
    // Contracts between apps live in the shared package; the dts plugin needs the network.
    dts: false,
    experiments,
  });
}

function devServer(port) {
  return {
    port,
    host: 'localhost',
    allowedHosts: ['localhost', '127.0.0.1'],
    historyApiFallback: true,
    // Hot updates first; a change no module accepts (a store, a config) reloads the page.
    hot: true,
    liveReload: true,
    headers: { 'Access-Control-Allow-Origin': '*' },
    proxy: [{ context: ['/api', '/runtime-config.json'], target: `http://127.0.0.1:${PROXY_PORT}` }],
  };
}

const inFolder = (folder) => (module) => typeof module.resource === 'string' && module.resource.includes(folder);
const anyOf =
  (...tests) =>
  (module) =>
    tests.some((test) => test(module));

const sharedSource = inFolder(`${path.sep}shared${path.sep}src${path.sep}`);
const coreSource = inFolder(`${path.sep}core${path.sep}src${path.sep}`);
/** The prompt check's rules: loaded with the first check, so they stay in their own chunk. */
const lintRules = inFolder(`${path.sep}core${path.sep}src${path.sep}lint${path.sep}`);
const not = (test) => (module) => !test(module);
/** The account's sync and its schemas: what the first sign-in loads. */
const accountCode = anyOf(
  inFolder(`${path.sep}shared${path.sep}src${path.sep}account${path.sep}`),
  inFolder(`${path.sep}node_modules${path.sep}zod${path.sep}`),
);
/** The parts of `shared` that Module Federation shares (tools/rspack/sharedDependencies.js). */
const federatedShared = anyOf(
  inFolder(`${path.sep}shared${path.sep}src${path.sep}stores${path.sep}`),
  inFolder(`${path.sep}shared${path.sep}src${path.sep}auth${path.sep}`),
  inFolder(`${path.sep}shared${path.sep}src${path.sep}orgs${path.sep}`),
  accountCode,
);
const reactFamily =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|set-cookie-parser|zustand)[\\/]/;

/**
 * Fewer, larger chunks. Module Federation gives every shared module its own chunk, and on a phone
 * network each costs a round trip (HTTP/1.1: six at a time).
 * - The host: its React family, its start-up code from `core` and `shared`, and the account code
 *   (loaded at the first sign-in) each travel as one file.
 * - A remote: its own copies of the federated `shared` modules travel as one file (those it needs
 *   are needed at once; the few the host already provides cost bytes, not requests).
 */
function fewerChunks(role) {
  const group = (name, test, priority, extra = {}) => ({
    name,
    test,
    priority,
    chunks: 'async',
    enforce: true,
    ...extra,
  });
  const cacheGroups =
    role === 'host'
      ? {
          reactFamily: group('react-family', reactFamily, 30),
          account: group('account', accountCode, 20),
          startup: group('shared-startup', anyOf(sharedSource, coreSource), 10),
          // The rest of the async boundary's chunk (shell/src/index.ts) in the same file: one request fewer.
          bootstrap: group('shared-startup', (module) => typeof module.resource === 'string', 5, {
            chunks: (chunk) => chunk.name === 'bootstrap',
          }),
        }
      : {
          // The libraries an exposed module imports stay in its chunk (a vendor chunk of its own would
          // be one more request before the remote's first screen); other chunks split them as usual.
          defaultVendors: {
            test: /[\\/]node_modules[\\/]/,
            priority: -10,
            reuseExistingChunk: true,
            chunks: (chunk) => !chunk.name?.startsWith('__federation_expose_'),
          },
          // Every chunk but the exposed module's own: its shared copies and what they import.
          sharedCopies: group(
            'shared-copies',
            (module) => anyOf(federatedShared, sharedSource, coreSource)(module) && not(lintRules)(module),
            20,
            {
              chunks: (chunk) => !chunk.name?.startsWith('__federation_expose_'),
            },
          ),
        };
  return { chunks: 'async', cacheGroups };
}

/**
 * The host. It provides the one Module Federation runtime of the page to every remote entry
 * (`provideExternalRuntime`), so remote entries do not each carry their own copy.
 *
 * @param {{ name: string, dir: string, port: number, title: string }} app
 */
export function createHostConfig({ name, dir, port, title, serverRender }) {
  return (env, argv) => {
    const production = isProduction(argv);
    const hot = isHot(env, production);
    const base = baseConfig({ name, dir, production, hot });
    const client = {
      ...base,
      // Under React Refresh the shell shares React's renderer with the remotes' refresh runtimes.
      entry: {
        main: hot ? [path.join(import.meta.dirname, 'refreshRenderers.js'), './src/index.ts'] : './src/index.ts',
      },
      output: { ...base.output, publicPath: '/', clean: true },
      optimization: { splitChunks: fewerChunks('host') },
      plugins: [
        htmlPage(title),
        federation({ name, dir, exposes: {}, experiments: { provideExternalRuntime: true } }),
        // What start-up always awaits after main.js: the async boundary and the local identity's UI.
        ...refresh(hot),
        new PreloadManifestPlugin({
          role: 'host',
          eager: ['./bootstrap', './local/localAuthUi'],
          // The account code loads at the first sign-in (shell/src/auth/accountSyncOnSignIn.ts), and
          // the header's space switcher with a signed-in person (shell/src/auth/local/localAuthUi.tsx),
          // so only a signed-in first load awaits them.
          signedInEager: ['@prompt-perfect/shared/account/accountSync', '../../orgs/LocalSpaceSwitcher'],
          lazyShared: /^@prompt-perfect\/shared\/account\//,
        }),
      ],
      devServer: devServer(port),
    };
    if (!serverRender || !production) return client;
    // Beside dist/ (which only the browser gets): the page's server render, for tools/prerender.js.
    return [
      client,
      serverRenderConfig({
        base,
        name,
        entry: serverRender,
        outputDir: path.join(dir, 'dist-server'),
        publicPath: '/',
      }),
    ];
  };
}

const STANDALONE_DIR = 'standalone/';

/**
 * A remote builds twice into one dist/:
 * - the federated container (remoteEntry.js, mf-manifest.json, chunks) that the shell loads; it
 *   uses the host's MF runtime instead of bundling its own (`externalRuntime`);
 * - a standalone page (index.html + standalone/) for the feature team: the same App rendered
 *   as a plain single-page app, no federation needed, so it runs without the shell.
 *
 * @param {{ name: string, dir: string, port: number, title: string, exposes: Record<string,string> }} app
 */
export function createRemoteConfig({ name, dir, port, title, exposes, serverRender }) {
  checkContractExposes(name, exposes);
  return (env, argv) => {
    const production = isProduction(argv);
    const hot = isHot(env, production);
    const base = baseConfig({ name, dir, production, hot });
    const container = {
      ...base,
      name: `${name}-container`,
      entry: {},
      output: {
        ...base.output,
        // Remotes are served wherever their team deploys them: resolve chunk URLs at run time.
        publicPath: 'auto',
        // Both compilations write to dist/ in parallel, so neither cleans it (they would race):
        // the build script empties it first (tools/clean-dist.js).
        clean: false,
      },
      optimization: { splitChunks: fewerChunks('remote') },
      plugins: [
        federation({ name, dir, exposes, experiments: { externalRuntime: true } }),
        new PreloadManifestPlugin({ role: 'remote' }),
        ...refresh(hot),
      ],
    };
    const standalone = {
      ...base,
      name: `${name}-standalone`,
      entry: { main: './src/index.ts' },
      output: {
        ...base.output,
        uniqueName: `${name}_standalone`,
        // The dev server cannot map 'auto' to a URL; in production the page may live under a path.
        publicPath: production ? 'auto' : '/',
        filename: `${STANDALONE_DIR}${base.output.filename}`,
        chunkFilename: `${STANDALONE_DIR}${base.output.chunkFilename}`,
        cssFilename: `${STANDALONE_DIR}${base.output.cssFilename}`,
        cssChunkFilename: `${STANDALONE_DIR}${base.output.cssChunkFilename}`,
        assetModuleFilename: `${STANDALONE_DIR}[hash][ext][query]`,
        clean: false,
      },
      plugins: [htmlPage(title), ...refresh(hot)],
      devServer: devServer(port),
    };
    if (!serverRender || !production) return [standalone, container];
    // In the remote's own dist/server/: it travels with the remote, so a prerender always renders
    // the build that is deployed (tools/prerenderTrial.js writes its prerender.json from it).
    const server = serverRenderConfig({
      base,
      name,
      entry: serverRender,
      outputDir: path.join(dir, 'dist', 'server'),
      publicPath: 'auto',
    });
    return [standalone, container, server];
  };
}
