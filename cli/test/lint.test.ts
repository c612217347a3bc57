/** `prompt-perfect lint`: exit codes and the three formats. */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli, tempDir } from './runCli';

const CLEAN = 'You are a support agent. Answer the question below in two sentences.\n\nReturn plain text.';
const BROKEN = 'Greet the customer.\nThen thank {{name for the order.';

function promptFile(text: string): { dir: string; file: string } {
  const dir = tempDir();
  writeFileSync(path.join(dir, 'prompt.txt'), text);
  return { dir, file: 'prompt.txt' };
}

describe('prompt-perfect lint', () => {
  it('exits 0 when no finding is an error, 1 when one is', async () => {
    const clean = promptFile(CLEAN);
    const ok = await runCli(['lint', clean.file], { cwd: clean.dir });
    expect(ok.code).toBe(0);
    expect(ok.stdout).toMatch(/prompt\.txt: (no findings|\d+ finding\(s\), 0 error\(s\))\./);

    const broken = promptFile(BROKEN);
    const bad = await runCli(['lint', broken.file], { cwd: broken.dir });
    expect(bad.code).toBe(1);
    expect(bad.stdout).toContain('prompt.txt:2:12 error unresolved-variable: {{name is not closed: write {{name}}.');
    expect(bad.stdout).toMatch(/ {2}why: A placeholder without a value/);
    expect(bad.stdout).toContain('  fix: Close as {{name}}');
  });

  it('a rule that can be wrong warns without failing; --fail-on warning makes warnings fail too', async () => {
    const mismatch = promptFile(
      'Extract the city and the country. Respond in JSON.\nExample:\n{"city": "Lyon", "country": "France",}',
    );
    const byDefault = await runCli(['lint', mismatch.file], { cwd: mismatch.dir });
    expect(byDefault.stdout).toMatch(/prompt\.txt:3:1 warning example-format-mismatch/);
    expect(byDefault.code).toBe(0);
    const strict = await runCli(['lint', mismatch.file, '--fail-on', 'warning'], { cwd: mismatch.dir });
    expect(strict.code).toBe(1);
    const broken = promptFile(BROKEN);
    expect((await runCli(['lint', broken.file, '--fail-on', 'error'], { cwd: broken.dir })).code).toBe(1);
    const bad = await runCli(['lint', '-', '--fail-on', 'info'], { stdin: CLEAN });
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--fail-on must be one of error, warning.');
  });

  it('--format json: the findings as data', async () => {
    const broken = promptFile(BROKEN);
    const out = await runCli(['lint', broken.file, '--format', 'json'], { cwd: broken.dir });
    expect(out.code).toBe(1);
    const parsed = JSON.parse(out.stdout);
    expect(parsed.file).toBe('prompt.txt');
    expect(parsed.findings).toContainEqual(
      expect.objectContaining({ rule: 'unresolved-variable', severity: 'error', start: 31 }),
    );
  });

  it('--format github: workflow annotations with file, line and column', async () => {
    const broken = promptFile(BROKEN);
    const out = await runCli(['lint', broken.file, '--format', 'github'], { cwd: broken.dir });
    expect(out.code).toBe(1);
    expect(out.stdout.split('\n')).toContainEqual(
      expect.stringMatching(
        /^::error file=prompt\.txt,line=2,col=12,endLine=2,endColumn=\d+,title=unresolved-variable::\{\{name is not closed/,
      ),
    );
  });

  it('reads standard input with -', async () => {
    const out = await runCli(['lint', '-'], { stdin: BROKEN });
    expect(out.code).toBe(1);
    expect(out.stdout).toContain('<stdin>:2:12 error unresolved-variable');
  });

  it('bad usage exits 2 with a message and the way to help', async () => {
    const missing = await runCli(['lint', 'nowhere.txt']);
    expect(missing).toMatchObject({ code: 2, stdout: '' });
    expect(missing.stderr).toContain('prompt-perfect: Cannot read nowhere.txt: no such file.');
    const format = await runCli(['lint', '-', '--format', 'xml'], { stdin: CLEAN });
    expect(format.code).toBe(2);
    expect(format.stderr).toContain('--format must be one of text, json, github.');
    expect((await runCli(['lint', '-', '--colour'], { stdin: CLEAN })).code).toBe(2);
    expect((await runCli(['frobnicate'])).stderr).toContain("Unknown command 'frobnicate'");
  });

  it('--help lists every command', async () => {
    const help = await runCli(['--help']);
    expect(help.code).toBe(0);
    for (const command of [
      'lint <file|->',
      'improve <file|->',
      'eval --baseline',
      'optimize <prompt-file>',
      'login',
      'mcp',
    ])
      expect(help.stdout).toContain(command);
  });
});
