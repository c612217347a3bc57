/** Every route an Express app answers, read from its router stack: `GET /api/prompts/:name`, ... */
import type { Express } from 'express';

interface Layer {
  rawPath?: string | string[];
  route?: { path: string | string[]; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

function walk(stack: Layer[], prefix: string, out: Set<string>): void {
  for (const layer of stack) {
    if (layer.route) {
      const methods = Object.keys(layer.route.methods).map((m) => (m === '_all' ? 'ALL' : m.toUpperCase()));
      for (const path of [layer.route.path].flat())
        for (const method of methods) out.add(`${method} ${prefix}${path === '/' && prefix ? '' : path}`);
    } else if (layer.handle?.stack) {
      const mount = typeof layer.rawPath === 'string' && layer.rawPath !== '/' ? layer.rawPath : '';
      walk(layer.handle.stack, prefix + mount, out);
    }
  }
}

export function expressRoutes(app: Express): string[] {
  const out = new Set<string>();
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack, '', out);
  return [...out].sort();
}
