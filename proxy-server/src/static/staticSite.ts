/**
 * Production serving: the built shell at / with history fallback, and each remote under
 * /remotes/<name>/ with CORS (a shell on another origin may load it) and 404 for missing files.
 */
import express, { type Router } from 'express';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Config } from '../config';
import { cacheControlFor, NO_CACHE } from './cachePolicy';

const REMOTE_PATHS = { trial: '/remotes/trial', workspace: '/remotes/workspace', progress: '/remotes/progress' } as const;

function staticOptions(extraHeaders: Record<string, string> = {}) {
  return {
    index: false as const,
    cacheControl: false,
    etag: true,
    dotfiles: 'ignore' as const,
    redirect: false,
    setHeaders(res: import('http').ServerResponse, filePath: string) {
      res.setHeader('Cache-Control', cacheControlFor(filePath));
      for (const [k, v] of Object.entries(extraHeaders)) res.setHeader(k, v);
    },
  };
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

export function createStaticSite(dirs: Config['staticDirs']): Router {
  const router = express.Router();

  // Production builds keep hidden source maps for debugging and error reports; the public gets none.
  router.use((req, res, next) => {
    if (!/\.map$/i.test(req.path)) return next();
    res.status(404).json({ error: 'Not found.' });
  });

  for (const [name, mount] of Object.entries(REMOTE_PATHS) as Array<[keyof typeof REMOTE_PATHS, string]>) {
    router.use(mount, (req, res, next) => {
      for (const [k, v] of Object.entries(CORS_HEADERS)) res.setHeader(k, v);
      if (req.method === 'OPTIONS') {
        res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
        res.setHeader('Access-Control-Allow-Headers', '*');
        res.setHeader('Access-Control-Max-Age', '600');
        res.status(204).end();
        return;
      }
      next();
    });
    router.use(mount, express.static(dirs[name], staticOptions(CORS_HEADERS)));
    router.use(mount, (req, res) => {
      res.status(404).json({ error: `Remote asset not found: ${req.originalUrl.slice(0, 200)}` });
    });
  }

  router.use(express.static(dirs.shell, staticOptions()));

  // History fallback: page navigations that are not API or remote paths get the shell's index.html.
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/api/') || req.path === '/api' || req.path.startsWith('/remotes/')) return next();
    const wantsHtml = (req.headers.accept ?? '').includes('text/html');
    // A missing file (e.g. /main.1234abcd.js) is a 404, not a page.
    if (!wantsHtml && /\.[^/]+$/.test(req.path)) return next();
    const index = path.join(dirs.shell, 'index.html');
    if (!existsSync(index)) {
      res.status(404).json({ error: 'The web app has not been built yet. Run `npm run build`, then restart the server.' });
      return;
    }
    res.setHeader('Cache-Control', NO_CACHE);
    res.sendFile(index, { cacheControl: false, dotfiles: 'deny' });
  });

  return router;
}
