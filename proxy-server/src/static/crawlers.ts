/**
 * robots.txt and sitemap.xml. The one public page is the visitor page (prerendered with its title,
 * description and FAQ); the sign-in pages, the API and the remotes' files are not for crawlers.
 * URLs are absolute, from the name this request reached us by (the host allow-list vouches for it).
 */
import express, { type Request, type Router } from 'express';

const PUBLIC_PAGES = ['/'];
const NOT_FOR_CRAWLERS = ['/api/', '/sign-in', '/sign-up', '/trial/', '/remotes/'];

const origin = (req: Request) => `${req.protocol}://${req.host}`;
const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function createCrawlerRoutes(): Router {
  const router = express.Router();
  router.get('/robots.txt', (req, res) => {
    const lines = [
      'User-agent: *',
      'Allow: /',
      ...NOT_FOR_CRAWLERS.map((p) => `Disallow: ${p}`),
      '',
      `Sitemap: ${origin(req)}/sitemap.xml`,
      '',
    ];
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res.type('text/plain').send(lines.join('\n'));
  });
  router.get('/sitemap.xml', (req, res) => {
    const urls = PUBLIC_PAGES.map((p) => `<url><loc>${escapeXml(origin(req) + p)}</loc></url>`).join('');
    res.setHeader('Cache-Control', 'public, max-age=3600');
    res
      .type('application/xml')
      .send(
        `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${urls}</urlset>\n`,
      );
  });
  return router;
}
