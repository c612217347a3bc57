#!/usr/bin/env node
/**
 * `npm run dev`: the proxy (tsx watch) plus a dev server per front end, all with watch.
 * Open http://localhost:3000 (the shell); it proxies /api to the proxy on 3002 and loads each
 * remote from its own dev server, exactly as a deployment would load them from their own hosts.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const remotePorts = { trial: 3011, workspace: 3012, progress: 3013 };
const env = {
  ...process.env,
  NODE_ENV: 'development',
  REMOTE_TRIAL_URL: `http://localhost:${remotePorts.trial}/mf-manifest.json`,
  REMOTE_WORKSPACE_URL: `http://localhost:${remotePorts.workspace}/mf-manifest.json`,
  REMOTE_PROGRESS_URL: `http://localhost:${remotePorts.progress}/mf-manifest.json`,
};

const processes = [
  ['proxy', 'proxy-server', ['node_modules/.bin/tsx', 'watch', 'src/index.ts']],
  ['shell', 'shell', ['node_modules/.bin/rspack', 'serve', '--mode', 'development']],
  ['trial', 'mfe-trial', ['node_modules/.bin/rspack', 'serve', '--mode', 'development']],
  ['workspace', 'mfe-workspace', ['node_modules/.bin/rspack', 'serve', '--mode', 'development']],
  ['progress', 'mfe-progress', ['node_modules/.bin/rspack', 'serve', '--mode', 'development']],
];

const children = processes.map(([label, cwd, [bin, ...args]]) => {
  const child = spawn(path.join(root, bin), args, {
    cwd: path.join(root, cwd),
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const prefix = `[${label}]`.padEnd(12);
  const relay = (stream, out) =>
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) out.write(`${prefix}${line}\n`);
    });
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  child.on('exit', (code) => code && console.error(`${prefix}exited with ${code}`));
  return child;
});

console.log('Dev servers starting: shell http://localhost:3000, proxy http://localhost:3002');
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
