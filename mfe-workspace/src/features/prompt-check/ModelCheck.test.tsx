/**
 * Issue 47: "Check with model" in the prompt check. Against a real loopback server answering
 * POST /api/lint as the proxy does: the Test model is sent, the model's findings appear tagged
 * "model" beside the rules', the cost is said, an error is shown in the panel, and offline the
 * button is disabled with the reason.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { LintResponse } from '@prompt-perfect/core/api/types';
import { lintPrompt } from '@prompt-perfect/core/lint/index';
import { MODEL_CHECK_OFFLINE } from '@prompt-perfect/core/lint/model/messages';
import { useProvidersStore } from '../../state/providersStore';
import { createInitialState, useWorkspaceStore } from '../../state/workspaceStore';
import { OutputCheck } from './OutputCheck';

const TEXT = 'Summarize the email below for a busy manager.\nHi team, the launch moves to Friday.';
const PASTED = 'Hi team, the launch moves to Friday.';

const setPageUrl = (url: string) =>
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

let server: Server;
const received: unknown[] = [];
let reply: { status: number; body: unknown; delayMs?: number };

beforeAll(async () => {
  server = createServer((req, res) => {
    let raw = '';
    req.on('data', (d) => (raw += d));
    req.on('end', () => {
      received.push(JSON.parse(raw || 'null'));
      setTimeout(() => {
        res.writeHead(reply.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(reply.body));
      }, reply.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  setPageUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
  received.length = 0;
  useWorkspaceStore.setState({ ...createInitialState(), outputSource: 'email summary' });
  useProvidersStore.setState({ configured: {}, testModel: 'gpt-4o' });
});
afterEach(cleanup);

const modelAnswer = (): LintResponse => ({
  findings: [
    ...lintPrompt(TEXT).map((f) => ({ ...f, source: 'rules' as const })),
    {
      rule: 'undelimited-input',
      severity: 'warning',
      message: 'The pasted email is not set apart from the task.',
      why: 'Data mixed with instructions can be read as instructions.',
      guidance: 'https://example.com/guide',
      start: TEXT.indexOf(PASTED),
      end: TEXT.length,
      source: 'model',
      suggestion: 'Put the email in <email> tags.',
    },
  ],
  modelCheck: {
    provider: 'openai',
    model: 'gpt-4o',
    cached: false,
    dropped: 1,
    tokens: { input: 420, output: 60 },
    costUsd: 0.0017,
  },
});

const strip = () => screen.findByRole('region', { name: 'Prompt check of the optimized prompt' });

describe('Check with model', () => {
  it('asks with the Test model, then lists the model findings tagged "model" with the cost', async () => {
    reply = { status: 200, body: modelAnswer(), delayMs: 80 };
    render(<OutputCheck text={TEXT} />);
    const region = await strip();
    const button = within(region).getByRole('button', { name: 'Check with model' });
    expect(button).toHaveAccessibleDescription(/Costs one model call/);
    fireEvent.click(button);
    const busy = await within(region).findByRole('button', { name: 'Checking with model…' });
    expect(busy).toBeDisabled();

    const item = await within(region).findByText('The pasted email is not set apart from the task.');
    const finding = item.closest('li') as HTMLElement;
    expect(within(finding).getByText('model')).toBeInTheDocument();
    expect(finding).toHaveTextContent('Suggestion: Put the email in <email> tags.');
    expect(received).toEqual([
      { prompt: TEXT, original: 'email summary', model: { provider: 'openai', model: 'gpt-4o' } },
    ]);
    expect(within(region).getByRole('button', { name: 'Check again with model' })).toHaveAccessibleDescription(
      'Model check: openai:gpt-4o (480 tokens, $0.0017); 1 finding(s) dropped: their quote is not in the prompt.',
    );
    // The rules' own findings are still there, untagged.
    for (const f of lintPrompt(TEXT, { original: 'email summary' }))
      expect(within(region).getAllByText(f.message).length).toBeGreaterThan(0);
  });

  it("shows the server's error in the panel and lets the user try again", async () => {
    reply = {
      status: 502,
      body: { error: 'The model did not answer with JSON, so the model check has no findings to show.' },
    };
    render(<OutputCheck text={TEXT} />);
    const region = await strip();
    fireEvent.click(within(region).getByRole('button', { name: 'Check with model' }));
    expect(await within(region).findByRole('alert')).toHaveTextContent(
      'The model did not answer with JSON, so the model check has no findings to show.',
    );
    expect(within(region).getByRole('button', { name: 'Check with model' })).toBeEnabled();
  });

  it('offline, the button is disabled and says why', async () => {
    useProvidersStore.setState({ configured: { openai: false, anthropic: false } });
    render(<OutputCheck text={TEXT} />);
    const region = await strip();
    const button = within(region).getByRole('button', { name: 'Check with model' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(MODEL_CHECK_OFFLINE);
    expect(received).toEqual([]);
  });
});
