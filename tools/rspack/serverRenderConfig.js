import path from 'node:path';
import { rspack } from '@rspack/core';

/**
 * Packages the page shares as singletons: the server render must use ONE copy of each (the
 * shell's and the trial remote's server bundles meet in one React tree), so they stay outside.
 */
const EXTERNAL = /^(react|react-dom|scheduler|react-router|react-router-dom|zustand)(\/.*)?$/;

/**
 * A Node build of an app's server-render entry for the build-time prerender (tools/prerender.js):
 * one CommonJS file in `outputDir`, no CSS emitted, only the CSS Modules class names, which are the
 * browser build's (same context, same uniqueName, same rules), so hydration finds the same classes.
 *
 * @param {{ base: object, name: string, entry: string, outputDir: string, publicPath: string }} options
 */
export function serverRenderConfig({ base, name, entry, outputDir, publicPath }) {
  return {
    ...base,
    name: `${name}-server-render`,
    target: 'node20',
    devtool: false,
    entry: { [path.basename(entry).replace(/\.[jt]sx?$/, '')]: entry },
    output: {
      ...base.output,
      path: outputDir,
      publicPath,
      filename: '[name].cjs',
      chunkFilename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: false,
    },
    externals: [
      ({ request }, callback) =>
        EXTERNAL.test(request ?? '') ? callback(undefined, `commonjs ${request}`) : callback(),
    ],
    module: {
      ...base.module,
      generator: {
        ...base.module.generator,
        'css/auto': { ...base.module.generator?.['css/auto'], exportsOnly: true },
      },
    },
    optimization: { minimize: false, splitChunks: false },
    plugins: [new rspack.optimize.LimitChunkCountPlugin({ maxChunks: 1 })],
  };
}
