import path from 'node:path';
import { rspack } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { sharedDependencies } from './sharedDependencies.js';

const repoRoot = path.resolve(import.meta.dirname, '../..');

/** Spec: code chunks load on demand and time out after 120 seconds. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const PROXY_PORT = Number(process.env.PROXY_PORT ?? 3002);

/**
 * One Rspack config for every front end. A remote passes `exposes`; the shell passes none.
 * Each app builds to its own dist/ and runs alone with `rspack serve` on its own port.
 *
 * @param {{ name: string, dir: string, port: number, title: string, exposes?: Record<string,string> }} app
 */
export function createAppConfig({ name, dir, port, title, exposes }) {
  const isRemote = Boolean(exposes);
  return (_env, argv) => {
    const production = argv.mode !== 'development' && process.env.NODE_ENV !== 'development';
    return {
      mode: production ? 'production' : 'development',
      context: dir,
      entry: { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      target: 'web',
      output: {
        path: path.join(dir, 'dist'),
        // Remotes are served wherever their team deploys them: resolve chunk URLs at run time.
        publicPath: isRemote ? 'auto' : '/',
        uniqueName: name,
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        cssFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        cssChunkFilename: production ? '[name].[contenthash:8].css' : '[name].css',
        chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
        clean: true,
      },
      resolve: {
        extensions: ['.tsx', '.ts', '.js'],
        // Global design tokens are plain CSS, imported by path so MF never tries to share them.
        alias: { '@design-tokens': path.join(repoRoot, 'shared/src/styles/tokens.css') },
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
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic', development: !production } },
              },
            },
            type: 'javascript/auto',
          },
          { test: /\.css$/, type: 'css/auto' },
          { test: /\.(svg|png|ico)$/, type: 'asset/resource' },
        ],
      },
      plugins: [
        new rspack.HtmlRspackPlugin({
          template: path.join(dir, 'index.html'),
          title,
          favicon: path.join(import.meta.dirname, 'favicon.svg'),
        }),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: exposes ?? {},
          // Remotes are registered at run time from /runtime-config.json, never baked in.
          remotes: {},
          shared: sharedDependencies(),
          // A dead remote must not hang the shell: do not load every remote entry at start-up.
          shareStrategy: 'loaded-first',
          manifest: true,
          // Contracts between apps live in the shared package; the dts plugin needs the network.
          dts: false,
        }),
      ],
      performance: { hints: false },
      devServer: {
        port,
        host: '127.0.0.1',
        historyApiFallback: true,
        hot: false,
        liveReload: true,
        headers: { 'Access-Control-Allow-Origin': '*' },
        proxy: [
          {
            context: ['/api', '/runtime-config.json'],
            target: `http://127.0.0.1:${PROXY_PORT}`,
          },
        ],
      },
    };
  };
}
