import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { cleanup, render, screen } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DailyBudgetStatus } from '@prompt-perfect/core/api/account';
import { spaceStore } from '@prompt-perfect/shared/orgs/spaceStore';
import { DailyBudget } from './DailyBudget';

/** happy-dom's own API: where the page "is", which relative /api URLs resolve against. */
const setPageUrl = (url: string) =>
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

/** Our server's GET /api/me/budget, answered from `answer` (status and body). */
let answer: { status: number; body: unknown };
let server: Server;
beforeAll(async () => {
  server = createServer((req, res) => {
    const found = req.url === '/api/me/budget' || req.url === '/api/orgs/acme/budget';
    res.writeHead(found ? answer.status : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify(found ? answer.body : { error: 'Not found' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => setPageUrl(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`));
afterEach(() => {
  cleanup();
  spaceStore.setState({ activeOrg: null, orgs: [] });
});

const status = (over: Partial<DailyBudgetStatus>): DailyBudgetStatus => ({
  budgetUsd: 10,
  spentUsd: 2.5,
  leftUsd: 7.5,
  renewsAt: '2026-11-25T00:00:00.000Z',
  ...over,
});

describe('Settings: the daily model budget', () => {
  it('shows what is left of today’s budget and when it renews', async () => {
    answer = { status: 200, body: status({}) };
    render(<DailyBudget />);
    expect(
      await screen.findByText(/^\$7\.50 of \$10\.00 left today \(estimated from list prices\)\. Renews at /),
    ).toBeVisible();
  });

  it('says so when the server sets no budget', async () => {
    answer = { status: 200, body: status({ budgetUsd: null, leftUsd: null }) };
    render(<DailyBudget />);
    expect(await screen.findByText('This server sets no daily limit on model use.')).toBeVisible();
  });

  it('shows the server’s message when the budget cannot be read', async () => {
    answer = { status: 401, body: { error: 'Please sign in to use this feature.' } };
    render(<DailyBudget />);
    expect(await screen.findByText('Please sign in to use this feature.')).toBeVisible();
  });

  it('in an organization, shows the person’s budget and the organization’s', async () => {
    answer = {
      status: 200,
      body: {
        personal: status({}),
        org: { ...status({ budgetUsd: 50, spentUsd: 8, leftUsd: 42 }), orgId: 'o1', name: 'Acme' },
      },
    };
    spaceStore.setState({ activeOrg: { id: 'o1', slug: 'acme', name: 'Acme', role: 'editor' } });
    render(<DailyBudget />);
    expect(
      await screen.findByText(/^\$42\.00 of \$50\.00 left today .* A run here counts against both\.$/),
    ).toBeVisible();
    expect(screen.getByText('Acme’s model budget')).toBeVisible();
    expect(screen.getByTestId('ws-daily-budget').textContent).toMatch(/^\$7\.50 of \$10\.00 left today/);
  });
});
