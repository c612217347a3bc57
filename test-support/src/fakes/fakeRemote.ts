/**
 * A remote's deployment on 127.0.0.1:0, as a feature team would publish one: either a folder of files
 * (a copy of a built remote's dist/), or a generated mf-manifest.json with its entry and exposed
 * chunk, each part changeable to play a remote the shell cannot use (other React, missing module,
 * no CORS). `stop()` takes it down, as a broken deployment.
 */
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import path from 'node:path';

export interface FakeRemote {
  /** The mf-manifest.json URL. */
  manifestUrl: string;
  origin: string;
  /** Paths requested so far. */
  requests: string[];
  stop(): Promise<void>;
}

interface SharedEntry {
  name: string;
  version: string;
  requiredVersion: string;
  singleton: boolean;
}

export interface GeneratedRemote {
  container: string;
  exposes: string[];
  shared: SharedEntry[];
  /** The contract version written into metaData.contract; null for none. */
  contractVersion: number | null;
  /** CORS on the manifest ('all'), on nothing ('none'), or on the manifest only ('manifest'). */
  cors: 'all' | 'none' | 'manifest';
  /** More files of the build, by path relative to the manifest (e.g. the trial's prerender.json). */
  files?: Record<string, string>;
}

/**
 * A trial build's prerendered first screen (core/src/contracts/prerender.ts): prerender.json with
 * a fragment whose heading is `heading`, and its one stylesheet. `changes` alter prerender.json.
 */
export function trialPrerenderFiles(heading: string, changes: Record<string, unknown> = {}): Record<string, string> {
  const css = 'static/css/trial.0123abcd.css';
  return {
    'prerender.json': JSON.stringify({
      format: 1,
      html: `<section class="trial"><h1>${heading}</h1><form method="post" action="/trial/perfect"><input type="hidden" name="formToken" value="__VISITOR_FORM_TOKEN__"><textarea name="prompt"></textarea></form></section>`,
      words: { heading, description: `${heading}: a better prompt.`, faq: [] },
      css: [css],
      ...changes,
    }),
    [css]: '.trial h1 { color: rebeccapurple; }',
  };
}

/** The singletons as the shell's build shares them today. */
export const SHELL_SHARED: SharedEntry[] = [
  { name: 'react', version: '19.2.0', requiredVersion: '^19.2.0', singleton: true },
  { name: 'react-dom', version: '19.2.0', requiredVersion: '^19.2.0', singleton: true },
  { name: 'react-router-dom', version: '7.9.0', requiredVersion: '^7.9.0', singleton: true },
  { name: 'zustand', version: '5.0.8', requiredVersion: '^5.0.8', singleton: true },
];

const CONTENT_TYPES: Record<string, string> = {
  '.json': 'application/json',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.html': 'text/html',
};

function manifestOf(r: GeneratedRemote) {
  return {
    id: r.container,
    name: r.container,
    metaData: {
      name: r.container,
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      ...(r.contractVersion === null
        ? {}
        : { contract: { name: 'prompt-perfect-remotes', version: r.contractVersion } }),
    },
    shared: r.shared.map((s) => ({ id: `${r.container}:${s.name}`, ...s, assets: {} })),
    remotes: [],
    exposes: r.exposes.map((p) => ({
      id: `${r.container}:${p.slice(2)}`,
      name: p.slice(2),
      path: p,
      assets: { js: { sync: [`__federation_expose_${p.slice(2)}.js`], async: [] }, css: { sync: [], async: [] } },
    })),
  };
}

async function listen(server: Server, sockets: Set<Socket>, requests: string[]): Promise<FakeRemote> {
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    manifestUrl: `${origin}/mf-manifest.json`,
    origin,
    requests,
    async stop() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A generated remote: its manifest, an entry script and one chunk per exposed module. */
export function startGeneratedRemote(r: GeneratedRemote): Promise<FakeRemote> {
  const requests: string[] = [];
  const manifest = JSON.stringify(manifestOf(r));
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://remote');
    requests.push(url.pathname);
    const cors = r.cors === 'all' || (r.cors === 'manifest' && url.pathname === '/mf-manifest.json');
    if (cors) res.setHeader('Access-Control-Allow-Origin', '*');
    if (url.pathname === '/mf-manifest.json')
      return res.writeHead(200, { 'content-type': 'application/json' }).end(manifest);
    if (url.pathname === '/remoteEntry.js' || /^\/__federation_expose_\w+\.js$/.test(url.pathname))
      return res.writeHead(200, { 'content-type': 'text/javascript' }).end('/* remote code */');
    const file = r.files?.[url.pathname.slice(1)];
    if (file !== undefined) {
      const type = CONTENT_TYPES[path.extname(url.pathname)] ?? 'application/octet-stream';
      return res.writeHead(200, { 'content-type': type }).end(file);
    }
    res.writeHead(404).end();
  });
  return listen(server, new Set(), requests);
}

/** A folder served as a remote's deployment with CORS (a copy of a built remote's dist/). */
export function startStaticRemote(dir: string): Promise<FakeRemote> {
  const requests: string[] = [];
  const root = path.resolve(dir);
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://remote');
    requests.push(url.pathname);
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Cache-Control', 'no-cache');
    const file = path.resolve(root, `.${decodeURIComponent(url.pathname)}`);
    if (!file.startsWith(`${root}${path.sep}`)) return res.writeHead(404).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { 'content-type': CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream' });
      res.end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  return listen(server, new Set(), requests);
}
