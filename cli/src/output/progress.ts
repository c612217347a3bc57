/** Progress on stderr: a bar redrawn in place on a terminal, one plain line per step otherwise (CI logs). */
import type { RunProgress } from '@prompt-perfect/core/mcp/backend';

const WIDTH = 24;

export interface Progress {
  update(p: RunProgress): void;
  done(): void;
}

export function createProgress(out: NodeJS.WriteStream = process.stderr): Progress {
  if (!out.isTTY) return { update: (p) => out.write(`${p.message}\n`), done: () => {} };
  let drawn = false;
  return {
    update(p) {
      const share = p.total ? Math.min(1, p.progress / p.total) : 0;
      const bar = '#'.repeat(Math.round(share * WIDTH)).padEnd(WIDTH, '-');
      const line = `[${bar}] ${p.total ? `${p.progress}/${p.total} ` : ''}${p.message}`;
      out.write(`\r\x1b[2K${line.slice(0, (out.columns || 80) - 1)}`);
      drawn = true;
    },
    done() {
      if (drawn) out.write('\r\x1b[2K');
      drawn = false;
    },
  };
}
