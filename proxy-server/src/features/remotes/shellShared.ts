/** The versions of the packages the shell shares, from its build's mf-manifest.json (read when asked: it may be rebuilt). */
import { readFileSync } from 'node:fs';
import path from 'node:path';

export function shellSharedVersions(shellDistDir: string): Record<string, string | undefined> {
  try {
    const manifest = JSON.parse(readFileSync(path.join(shellDistDir, 'mf-manifest.json'), 'utf8')) as {
      shared?: Array<{ name?: unknown; version?: unknown }>;
    };
    const versions: Record<string, string | undefined> = {};
    for (const s of manifest.shared ?? []) {
      if (typeof s.name === 'string' && typeof s.version === 'string') versions[s.name] = s.version;
    }
    return versions;
  } catch {
    return {};
  }
}
