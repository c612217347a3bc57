/** `prompt-perfect <command>`: parses the arguments, runs the command, maps failures to exit codes. */
import { parseArgs } from 'node:util';
import { modelChoice } from './modelChoice';
import { UsageError } from './input';
import { CLI_VERSION } from './version';

const HELP = `prompt-perfect ${CLI_VERSION}: lint, improve, evaluate and optimize prompts; an MCP server for coding assistants.

Usage: prompt-perfect <command> [options]

Commands:
  lint <file|->                 Check a prompt offline. Exit 1 on a finding at the --fail-on severity.
      --model                     also ask your server's test model (needs a token with run);
                                  --model=openai:gpt-4o-mini asks that model
      --format text|json|github   github prints workflow annotations (default text)
      --fail-on error|warning     error (default): only the certain rules (unresolved-variable,
                                  lost-variable) fail; warning: warnings fail too
  improve <file|->              Rewrite a prompt: with --model on your server, else the offline optimizer.
      --model [provider:]name     e.g. openai:gpt-4o-mini (needs a token)
      --technique, --tone, --language
  eval <prompt-file> --test-set <id|file>
                                Mean score 1-5 with its 95% interval.
  eval --baseline <file> --candidate <file> --test-set <id|file>
                                CI gate: exit 1 when the candidate is worse (paired interval below 0);
                                prints a Markdown summary (also appended to $GITHUB_STEP_SUMMARY).
      --model, --judge            answering and judge models (default gpt-4o-mini, gpt-4o)
      --format text|json          the gate's text is its Markdown summary
  optimize <prompt-file> --test-set <id|file> --max-cost <usd>
                                Propose, validate, and test on held-out cases, within limits.
      --max-rounds <n> (5)  --max-tokens <n> (500000)  --model  --judge  --format text|json
  login [--url <url>] [--token <pp_...>]
                                Check a personal API token and store it (mode 0600) in the config dir.
  mcp                           MCP server on stdio (for Claude Code, Cursor, ...).
  remotes status|release|rollback|canary
                                Release the shell's remotes at run time (operator token): remotes --help.

A test set is a saved set's id (runs on the server) or a JSON file {"rubric": "...", "cases": [{"input": "..."}]}
(runs locally against OPENAI_API_KEY / OPENAI_BASE_URL).

Environment:
  PROMPT_PERFECT_URL     server (default http://localhost:3002)
  PROMPT_PERFECT_TOKEN   personal API token; with neither set, mcp offers the offline tools only

Exit codes: 0 fine; 1 a lint finding at --fail-on severity or a worse candidate; 2 bad usage or a failed run; 130 interrupted.
`;

const OPTIONS = {
  format: { type: 'string' },
  'fail-on': { type: 'string' },
  model: { type: 'string' },
  judge: { type: 'string' },
  'test-set': { type: 'string' },
  baseline: { type: 'string' },
  candidate: { type: 'string' },
  'max-cost': { type: 'string' },
  'max-rounds': { type: 'string', default: '5' },
  'max-tokens': { type: 'string', default: '500000' },
  technique: { type: 'string' },
  tone: { type: 'string' },
  language: { type: 'string' },
  url: { type: 'string' },
  token: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
  version: { type: 'boolean' },
} as const;

async function dispatch(argv: string[]): Promise<number> {
  // Its own options (--version is the release's version there): parsed by the command itself.
  if (argv[0] === 'remotes') return (await import('./commands/remotes')).runRemotes(argv.slice(1));
  // `lint --model` is a flag (the server's test model); `--model=<choice>` names one.
  const args = argv[0] === 'lint' ? argv.map((a) => (a === '--model' ? '--model=' : a)) : argv;
  const { values: v, positionals } = parseArgs({ args, options: OPTIONS, allowPositionals: true });
  const [command, file, extra] = positionals;
  if (v.version) {
    process.stdout.write(`${CLI_VERSION}\n`);
    return 0;
  }
  if (v.help || !command || command === 'help') {
    process.stdout.write(HELP);
    return command || v.help ? 0 : 2;
  }
  if (extra !== undefined) throw new UsageError(`Unexpected argument '${extra}'.`);
  const models = () => ({
    model: modelChoice(v.model, '--model', 'gpt-4o-mini'),
    judge: modelChoice(v.judge, '--judge', 'gpt-4o'),
  });
  // Each command loads only its own modules: `lint` starts without the model and MCP SDKs.
  switch (command) {
    case 'lint':
      return (await import('./commands/lint')).runLint(file, v.format ?? 'text', v['fail-on'] ?? 'error', v.model);
    case 'improve':
      return (await import('./commands/improve')).runImprove({
        file,
        technique: v.technique,
        tone: v.tone,
        language: v.language,
        model: v.model,
      });
    case 'eval':
      return (await import('./commands/evaluate')).runEval({
        prompt: file,
        baseline: v.baseline,
        candidate: v.candidate,
        testSet: v['test-set'],
        format: v.format ?? 'text',
        models: models(),
      });
    case 'optimize':
      return (await import('./commands/optimize')).runOptimize({
        prompt: file,
        testSet: v['test-set'],
        maxCost: v['max-cost'],
        maxRounds: v['max-rounds'],
        maxTokens: v['max-tokens'],
        format: v.format ?? 'text',
        models: models(),
      });
    case 'login':
      return (await import('./commands/login')).runLogin({ url: v.url, token: v.token });
    case 'mcp':
      return (await import('./commands/mcp')).runMcp();
    default:
      throw new UsageError(`Unknown command '${command}'. Run prompt-perfect --help.`);
  }
}

export async function main(argv: string[]): Promise<number> {
  try {
    return await dispatch(argv);
  } catch (err) {
    const e = err as Error & { code?: string; name?: string };
    if (e.name === 'AbortError' || e.name === 'APIUserAbortError' || e.name === 'ProveStopped') {
      process.stderr.write('\nStopped.\n');
      return 130;
    }
    const usage =
      err instanceof UsageError ||
      e.code === 'ERR_PARSE_ARGS_UNKNOWN_OPTION' ||
      e.code === 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE';
    process.stderr.write(
      `prompt-perfect: ${e.message}\n${usage ? 'Run prompt-perfect --help for the commands and options.\n' : ''}`,
    );
    return 2;
  }
}
