/**
 * Lists every corpus item where the linter and the label disagree, with the text a false finding
 * points at: `npx tsx bench/lint-corpus/disagreements.ts [id prefix]`, e.g. `ho-`, `fab` or `acp`.
 * Held-out files (see batches.ts) are left out: they are scored by the bench only.
 */
import { lintPrompt } from '@prompt-perfect/core/lint/index';
import { isHeldOut } from './batches';
import { loadCorpus } from './corpus';
import { loadOutside } from './outside';

const only = process.argv[2];
const items = [...loadCorpus(), ...[...loadOutside().values()].flat()].filter((i) => !isHeldOut(i.file));
for (const item of items) {
  if (only && !item.id.startsWith(only)) continue;
  const got = [...new Set(lintPrompt(item.prompt, item.context).map((f) => f.rule))];
  const fp = got.filter((r) => !item.expect.includes(r));
  const fn = item.expect.filter((r) => !got.includes(r));
  if (fp.length || fn.length) {
    console.log(`${item.id}: FP ${fp.join(',')} | FN ${fn.join(',')}`);
    for (const f of lintPrompt(item.prompt, item.context))
      if (fp.includes(f.rule))
        console.log('    ', f.rule, f.message, JSON.stringify(item.prompt.slice(f.start, f.end)).slice(0, 80));
  }
}
