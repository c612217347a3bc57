/**
 * Production serving: the built shell at / with history fallback, and each remote under
 * /remotes/<name>/ with CORS (a shell on another origin may load it) and 404 for missing files.
 * Built assets are sent as their precompressed .br or .gz copy when the browser accepts it
 * (tools/precompress.js writes them at build time); hashed files are cached for a year, entry points
 * and manifests revalidate.
 */
import express, { type Router } from 'express';
import expressStaticGzip from 'express-static-gzip';
import type { ServerResponse } from 'node:http';
import type { SessionResponse } from '@prompt-perfect/core/api/types';
import type { RuntimeConfig } from '@prompt-perfect/core/contracts/runtimeConfig';
import type { Authenticator } from '../auth/authenticator';
import type { Config } from '../config';
import type { TrialFirstScreen } from '../features/remotes/trialPrerender';
import { cacheControlFor, NO_CACHE } from './cachePolicy';
import { NotFound } from '../http/httpError';
import type { ShellPage } from './shellPage';
import { NOINDEX, SHARE_PAGE_PATH } from '../features/share/sharePage';

const REMOTE_PATHS = {
  trial: '/remotes/trial',
  workspace: '/remotes/workspace',
  progress: '/remotes/progress',
} as const;

function staticFiles(root: string, extraHeaders: Record<string, string> = {}) {
  return expressStaticGzip(root, {
    enableBrotli: true,
    orderPreference: ['br', 'gzip'],
    index: false,
    serveStatic: {
      index: false,
      cacheControl: false,
      etag: true,
      lastModified: true,
      dotfiles: 'ignore',
      redirect: false,
      setHeaders(res: ServerResponse, filePath: string) {
        res.setHeader('Cache-Control', cacheControlFor(filePath));
        for (const [k, v] of Object.entries(extraHeaders)) res.setHeader(k, v);
      },
    },
  });
}

const CORS_HEADERS = {
  'Access-Control-Allow-Origin': '*',
  'Cross-Origin-Resource-Policy': 'cross-origin',
};

/** The remote releases one page loads (features/remotes/releases.ts), decided by who asks. */
export type PageRemotes = (
  req: express.Request,
  res: express.Response,
  userId: string | undefined,
) => Promise<RuntimeConfig['remotes']>;

/** The first screen of the trial release a visitor's page loads (features/remotes/trialFirstScreens.ts). */
export type TrialFirstScreenOf = (trial: RuntimeConfig['remotes']['trial']) => Promise<TrialFirstScreen | undefined>;

/**
 * `formToken`: issues a visitor's token for the prerendered page's script-less form (and its cookie).
 * `pageRemotes`: the releases written into the page; the configuration's own without it.
 * `trialFirstScreen`: what makes the visitor's page a prerendered one; without it, it renders in the browser.
 */
export function createStaticSite(
  dirs: Config['staticDirs'],
  shellPage: ShellPage,
  auth: Authenticator,
  formToken?: (req: express.Request, res: express.Response) => string,
  pageRemotes?: PageRemotes,
  trialFirstScreen?: TrialFirstScreenOf,
): Router {
  const router = express.Router();

  // Production builds keep hidden source maps for debugging and error reports; the public gets none.
  router.use((req, _res, next) => {
    if (/\.map$/i.test(req.path)) throw new NotFound('Not found.');
    next();
  });

  // A share link's page (/s/<token>, the shell renders it) is for the people sent the link, not search engines.
  router.use(SHARE_PAGE_PATH, (_req, res, next) => {
    res.setHeader('X-Robots-Tag', NOINDEX);
    next();
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
    router.use(mount, staticFiles(dirs[name], CORS_HEADERS));
    router.use(mount, (req) => {
      throw new NotFound(`Remote asset not found: ${req.originalUrl.slice(0, 200)}`);
    });
  }

  // The page itself is built per request (runtime configuration, session and preloads written in).
  const sendPage: express.RequestHandler = async (req, res) => {
    const session: SessionResponse | undefined =
      auth.mode === 'local' ? { mode: 'local', user: (await auth.identify(req)).user } : undefined;
    // Only / was prerendered: other paths (sign-in, unknown ones) are rendered in the browser.
    const isHome = req.path === '/' || req.path === '/index.html';
    const remotes = await pageRemotes?.(req, res, session?.user?.id);
    const visitorHome = isHome && formToken && session && !session.user;
    const firstScreen = visitorHome ? await trialFirstScreen?.((remotes ?? shellPage.remotes).trial) : undefined;
    const html = shellPage.html(
      session,
      isHome && formToken ? () => formToken(req, res) : undefined,
      remotes,
      firstScreen,
    );
    if (html === undefined)
      throw new NotFound('The web app has not been built yet. Run `npm run build`, then restart the server.');
    // It names the signed-in user: never stored by a shared cache.
    res.setHeader('Cache-Control', `private, ${NO_CACHE}`);
    res.type('html').send(html);
  };
  router.get(['/', '/index.html'], sendPage);

  router.use(staticFiles(dirs.shell));

  // History fallback: page navigations that are not API or remote paths get the shell's page.
  router.use((req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    if (req.path.startsWith('/api/') || req.path === '/api' || req.path.startsWith('/remotes/')) return next();
    const wantsHtml = (req.headers.accept ?? '').includes('text/html');
    // A missing file (e.g. /main.1234abcd.js) is a 404, not a page.
    if (!wantsHtml && /\.[^/]+$/.test(req.path)) return next();
    return sendPage(req, res, next);
  });

  return router;
}
