/** Progress on stderr: a bar redrawn in place on a terminal, plain lines in a CI log. */
import { describe, expect, it } from 'vitest';
import { createProgress } from '../src/output/progress';

function terminal(isTTY: boolean) {
  const written: string[] = [];
  const out = { isTTY, columns: 60, write: (s: string) => written.push(s) > 0 } as unknown as NodeJS.WriteStream;
  return { out, written };
}

describe('createProgress', () => {
  it('on a terminal: one line redrawn with a bar, cleared at the end', () => {
    const { out, written } = terminal(true);
    const progress = createProgress(out);
    progress.update({ progress: 1, total: 4, message: 'Case c1: 5/5' });
    progress.update({ progress: 2, total: 4, message: 'Case c2: 3/5' });
    progress.done();
    expect(written).toEqual([
      '\r\x1b[2K[######------------------] 1/4 Case c1: 5/5',
      '\r\x1b[2K[############------------] 2/4 Case c2: 3/5',
      '\r\x1b[2K',
    ]);
  });

  it('elsewhere: one plain line per step, nothing to clear', () => {
    const { out, written } = terminal(false);
    const progress = createProgress(out);
    progress.update({ progress: 1, total: 4, message: 'Case c1: 5/5' });
    progress.done();
    expect(written).toEqual(['Case c1: 5/5\n']);
  });
});
