import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { encodeStreamEvent } from '@prompt-perfect/shared/api/stream';
import { MSG } from '@prompt-perfect/shared/messages';
import { TRIAL_STORAGE_KEY } from '@prompt-perfect/shared/rules/trial';
import { useTrialStore } from '@prompt-perfect/shared/stores/trialStore';
import TrialApp from './App';

/**
 * The visitor page against a stubbed network (fetch is the boundary; our own code runs as is).
 * `server` plays /api/trial/status and /api/trial/optimize/stream.
 */
interface FakeServer {
  remaining: number;
  offline: boolean;
  next: Array<{ status: number; body: unknown }>;
  optimizeCalls: string[];
}

function stubServer(initial: Partial<FakeServer> = {}): FakeServer {
  const server: FakeServer = { remaining: 10, offline: false, next: [], optimizeCalls: [], ...initial };
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url === '/api/trial/status') return json(200, { remaining: server.remaining, limit: 10, offline: server.offline });
      if (url === '/api/trial/optimize/stream') {
        server.optimizeCalls.push(JSON.parse(String(init?.body)).prompt);
        const reply = server.next.shift() ?? { status: 200, body: { text: 'Fine prompt.', offline: server.offline } };
        const body = reply.body as { text?: string };
        // Like the server: a model run streams its text and counts; an offline one answers whole and costs nothing.
        if (reply.status === 200 && typeof body.text === 'string' && !server.offline) {
          server.remaining -= 1;
          const wire = encodeStreamEvent({ type: 'delta', text: body.text }) + encodeStreamEvent({ type: 'done', remaining: server.remaining });
          return new Response(wire, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
        }
        return json(reply.status, { remaining: server.remaining, ...(reply.body as object) });
      }
      return json(404, { error: 'not found' });
    }),
  );
  return server;
}

const promptBox = () => screen.getByRole('textbox', { name: 'Your prompt' });
const perfect = () => screen.getByRole('button', { name: 'Perfect' });
const badge = () => screen.getByTestId('trial-badge');

describe('TrialApp', () => {
  beforeEach(() => {
    localStorage.clear();
    useTrialStore.setState({ count: 0, serverRemaining: null });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it('takes the server figure when it reports fewer runs left than the browser (server wins)', async () => {
    stubServer({ remaining: 3 });
    render(<TrialApp onRequestSignIn={() => {}} />);
    await waitFor(() => expect(badge().getAttribute('aria-label')).toBe('3 of 10 free trials left'));
    expect(badge().textContent).toBe('3/10');
    expect(localStorage.getItem(TRIAL_STORAGE_KEY)).toBe('7');
  });

  it('a successful run counts once and shows the result the server sent (it strips leading phrases)', async () => {
    const server = stubServer();
    server.next.push({ status: 200, body: { text: 'Act as a chef. List 3 dinners.', offline: false } });
    render(<TrialApp onRequestSignIn={() => {}} />);
    fireEvent.change(promptBox(), { target: { value: '  dinner ideas  ' } });
    fireEvent.click(perfect());
    expect(await screen.findByText('Act as a chef. List 3 dinners.')).toBeTruthy();
    expect(server.optimizeCalls).toEqual(['dinner ideas']);
    expect(localStorage.getItem(TRIAL_STORAGE_KEY)).toBe('1');
    expect(badge().getAttribute('aria-label')).toBe('9 of 10 free trials left');
    expect(screen.queryByText(/offline optimizer —/)).toBeNull();
  });

  it('a failed run shows "Error: {message}" and does not count', async () => {
    const server = stubServer();
    server.next.push({ status: 429, body: { error: MSG.trialRateLimited } });
    render(<TrialApp onRequestSignIn={() => {}} />);
    fireEvent.change(promptBox(), { target: { value: 'dinner ideas' } });
    fireEvent.click(perfect());
    expect((await screen.findByRole('alert')).textContent).toBe(`Error: ${MSG.trialRateLimited}`);
    expect(localStorage.getItem(TRIAL_STORAGE_KEY)).toBeNull();
    expect(badge().getAttribute('aria-label')).toBe('10 of 10 free trials left');
  });

  it('an unreachable server shows the spec\'s trial fallback message and does not count', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    render(<TrialApp onRequestSignIn={() => {}} />);
    fireEvent.change(promptBox(), { target: { value: 'dinner ideas' } });
    fireEvent.click(perfect());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Error: Sorry, there was an error optimizing your prompt. Please try again later or contact support.',
    );
    expect(localStorage.getItem(TRIAL_STORAGE_KEY)).toBeNull();
  });

  it('labels an offline-optimizer result honestly and counts no trial run for it', async () => {
    stubServer({ offline: true });
    render(<TrialApp onRequestSignIn={() => {}} />);
    expect(await screen.findByText(/This server has no AI provider configured/)).toBeTruthy();
    fireEvent.change(promptBox(), { target: { value: 'dinner ideas' } });
    fireEvent.click(perfect());
    expect(await screen.findByText('Made by the offline optimizer — no AI provider is configured on this server. It used none of your free trials.')).toBeTruthy();
    expect(localStorage.getItem(TRIAL_STORAGE_KEY)).toBeNull();
  });

  it('the last run switches to Trial Complete!, keeps the result, focuses the heading; Get Started Today asks for sign-in', async () => {
    stubServer({ remaining: 1 });
    const onRequestSignIn = vi.fn();
    render(<TrialApp onRequestSignIn={onRequestSignIn} />);
    await waitFor(() => expect(badge().getAttribute('aria-label')).toBe('1 of 10 free trials left'));
    fireEvent.change(promptBox(), { target: { value: 'dinner ideas' } });
    fireEvent.click(perfect());
    const heading = await screen.findByRole('heading', { level: 1, name: MSG.trialComplete });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(screen.getByText('Fine prompt.')).toBeTruthy();
    expect(screen.queryByRole('textbox', { name: 'Your prompt' })).toBeNull();
    for (const title of ['Unlimited perfections', 'All AI models', 'Advanced features']) {
      expect(screen.getByRole('heading', { name: title })).toBeTruthy();
    }
    fireEvent.click(screen.getByRole('button', { name: MSG.getStartedToday }));
    expect(onRequestSignIn).toHaveBeenCalledTimes(1);
  });

  it('shows Trial Complete! straight away for a visitor with no runs left, without stealing focus', async () => {
    stubServer({ remaining: 0 });
    render(<TrialApp onRequestSignIn={() => {}} />);
    const heading = await screen.findByRole('heading', { level: 1, name: MSG.trialComplete });
    expect(document.activeElement).not.toBe(heading);
  });

  it('the FAQ has the four questions, closed until opened', async () => {
    stubServer();
    render(<TrialApp onRequestSignIn={() => {}} />);
    const questions = ['What is prompt perfection?', 'How does the free trial work?', 'Which AI models are supported?', 'Is my data secure?'];
    for (const q of questions) expect(screen.getByRole('button', { name: q }).getAttribute('aria-expanded')).toBe('false');
    act(() => {
      fireEvent.click(screen.getByRole('button', { name: 'How does the free trial work?' }));
    });
    expect(screen.getByText(/clearing browser storage does not reset the trial/)).toBeTruthy();
  });
});
