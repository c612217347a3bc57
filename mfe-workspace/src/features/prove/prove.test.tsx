import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeProveApi, startFakeProveApi } from '@prompt-perfect/test-support/fakes/fakeProveApi';
import { useAuthStore } from '@prompt-perfect/shared/auth/authStore';
import { createInitialState, useWorkspaceStore } from '../../state/workspaceStore';
import { ApiTokens } from '../account/lazy';
import { EvaluatePanel } from './EvaluatePanel';
import { OptimizePanel } from './OptimizePanel';
import { forgetProveOnUserChange } from './proveSession';
import { initialProveState, useProveStore } from './proveStore';
import { TestSetEditor } from './TestSetEditor';
import { loadSavedSets, saveTestSet } from './testSetActions';

/** happy-dom's own API: where the page "is", which relative /api URLs resolve against. */
const setPageUrl = (url: string) =>
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

let api: FakeProveApi;
beforeAll(async () => {
  api = await startFakeProveApi();
});
afterAll(() => api.close());
beforeEach(() => {
  setPageUrl(`${api.origin}/`);
  api.setGapMs(5);
  useWorkspaceStore.setState({
    ...createInitialState(),
    input: 'Summarize a news article',
    output: { text: 'You are an editor. Summarize the article.', error: false },
    outputSource: 'Summarize a news article',
  });
  useProveStore.setState({ ...initialProveState(), saved: [] });
});
afterEach(cleanup);

const cases = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `c${i + 1}`, input: `Article ${i + 1}` }));
/** The editor has a live region beside the case tools and one beside Save: what they say together. */
const alertText = () =>
  screen
    .getAllByRole('alert')
    .map((a) => a.textContent)
    .join('');
const statusText = () =>
  screen
    .getAllByRole('status')
    .map((a) => a.textContent)
    .join('');
const importFile = (name: string, text: string) =>
  fireEvent.change(screen.getByLabelText('Import cases from a CSV or JSON file'), {
    target: { files: [new File([text], name)] },
  });

describe('test set editor', () => {
  it('adds and removes cases, keeping focus in the list', async () => {
    render(<TestSetEditor />);
    expect(screen.getByText(/No cases yet/)).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Add case' }));
    fireEvent.click(screen.getByRole('button', { name: 'Add case' }));
    fireEvent.change(screen.getByLabelText('Case 1 input'), { target: { value: 'First' } });
    fireEvent.change(screen.getByLabelText('Case 2 input'), { target: { value: 'Second' } });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Case 2 input')));
    expect(screen.getByRole('heading', { name: 'Cases (2)' })).toBeVisible();

    fireEvent.click(screen.getByRole('button', { name: 'Remove case 1' }));
    expect(screen.getByLabelText('Case 1 input')).toHaveProperty('value', 'Second');
    expect(screen.queryByLabelText('Case 2 input')).not.toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Case 1 input')));
    expect(screen.getByText('Unsaved changes')).toBeVisible();
  });

  it('a bad file is refused with a clear message and changes nothing; a good one adds its cases', async () => {
    useProveStore.setState({ cases: cases(1) });
    render(<TestSetEditor />);
    importFile('cases.csv', 'question,answer\nx,y');
    await waitFor(() =>
      expect(alertText()).toBe(
        'cases.csv: The CSV file needs a header row with an "input" column (and optionally "expected").',
      ),
    );
    importFile('cases.json', '{oops');
    await waitFor(() => expect(alertText()).toBe('cases.json: This JSON file is not valid JSON.'));
    expect(useProveStore.getState().cases).toEqual(cases(1));

    importFile(
      'cases.json',
      JSON.stringify({ cases: [{ input: 'Imported one', expected: 'A point' }, { input: 'Imported two' }] }),
    );
    await waitFor(() => expect(statusText()).toBe('Imported 2 cases from cases.json.'));
    expect(screen.getByLabelText('Case 2 input')).toHaveProperty('value', 'Imported one');
    expect(screen.getByLabelText('Case 2 expected points', { exact: false })).toHaveProperty('value', 'A point');
    expect(alertText()).toBe('');
  });

  it('Draft test cases shows its loading state, then the drafted cases and rubric; Save stores the set', async () => {
    render(<TestSetEditor />);
    fireEvent.click(screen.getByRole('button', { name: 'Draft test cases' }));
    expect(screen.getByRole('button', { name: 'Drafting…' })).toHaveProperty('disabled', true);
    await screen.findByText('Drafted 10 cases. Edit them, then save.');
    expect(screen.getByLabelText('Scoring rubric')).toHaveProperty('value', 'Correct, complete and concise.');
    expect(screen.getByLabelText('Name')).toHaveProperty('value', 'Cases for: Summarize a news article');
    expect(api.requests.at(-1)?.body).toMatchObject({ task: 'Summarize a news article', provider: 'openai' });

    fireEvent.click(screen.getByRole('button', { name: 'Save test set' }));
    await screen.findByText('All changes saved');
    expect(api.requests.find((r) => r.method === 'POST' && r.path === '/api/test-sets')?.body).toMatchObject({
      prompt: 'You are an editor. Summarize the article.',
    });
  });

  it('Delete test set asks once more; Keep it changes nothing, Delete removes it on the server and starts a new set', async () => {
    render(<TestSetEditor />);
    expect(screen.queryByRole('button', { name: 'Delete test set' })).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Draft test cases' }));
    await screen.findByText('Drafted 10 cases. Edit them, then save.');
    fireEvent.click(screen.getByRole('button', { name: 'Save test set' }));
    await screen.findByText('All changes saved');
    const id = useProveStore.getState().setId;

    fireEvent.click(screen.getByRole('button', { name: 'Delete test set' }));
    const question = screen.getByRole('alertdialog', {
      name: 'Delete “Cases for: Summarize a news article” and its cases for good?',
    });
    await waitFor(() => expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep it' })));
    fireEvent.click(within(question).getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(api.requests.some((r) => r.method === 'DELETE')).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete test set' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(statusText()).toBe('Deleted “Cases for: Summarize a news article”.'));
    expect(api.requests.filter((r) => r.method === 'DELETE').map((r) => r.path)).toEqual([`/api/test-sets/${id}`]);
    expect(useProveStore.getState()).toMatchObject({ setId: null, cases: [], name: '' });
    expect(screen.getByText(/No cases yet/)).toBeVisible();
  });

  it("reopens on the set this user last saved (after a reload), not on another user's", async () => {
    useAuthStore.setState({ user: { id: 'reopen-a', name: 'A', email: 'a@example.com', source: 'local' } });
    try {
      useProveStore.setState({ name: 'Kept set', cases: cases(2), dirty: true });
      expect(await saveTestSet()).not.toBeNull();
      // A reload: the store starts empty, the saved list loads, and the panel opens the last set.
      useProveStore.setState(initialProveState());
      await loadSavedSets();
      expect(useProveStore.getState()).toMatchObject({ name: 'Kept set', dirty: false, cases: cases(2) });
      useAuthStore.setState({ user: { id: 'reopen-b', name: 'B', email: 'b@example.com', source: 'local' } });
      useProveStore.setState(initialProveState());
      await loadSavedSets();
      expect(useProveStore.getState()).toMatchObject({ setId: null, name: '', cases: [] });
    } finally {
      useAuthStore.setState({ user: null });
    }
  });

  it("shows the server's refusal and a server that cannot be reached", async () => {
    render(<TestSetEditor />);
    api.failNext('POST', '/api/test-sets/draft', 429, 'Too many drafts: wait a minute.');
    fireEvent.click(screen.getByRole('button', { name: 'Draft test cases' }));
    await waitFor(() => expect(alertText()).toBe('Could not draft cases: Too many drafts: wait a minute.'));

    setPageUrl('http://127.0.0.1:1/');
    fireEvent.click(screen.getByRole('button', { name: 'Draft test cases' }));
    await waitFor(() =>
      expect(alertText()).toMatch(/^Could not draft cases: Could not reach the Prompt Perfect server/),
    );
    expect(useProveStore.getState().cases).toEqual([]);
  });
});

describe('evaluate', () => {
  it('shows progress and each judged case as it arrives, then the mean with its 95% interval', async () => {
    api.setGapMs(30);
    useProveStore.setState({ name: 'News', cases: cases(4), dirty: true });
    render(<EvaluatePanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Evaluate prompt' }));
    const bar = await screen.findByRole('progressbar', { name: 'Your prompt: progress' });
    expect(bar).toHaveAttribute('aria-valuemax', '4');
    const list = screen.getByRole('list', { name: 'Your prompt: scores by case' });
    // A case shows while others are still being judged.
    await waitFor(() => expect(within(list).queryAllByRole('listitem').length).toBeGreaterThan(0));
    expect(screen.getByRole('progressbar')).toBeVisible();
    expect(Number(screen.getByRole('progressbar').getAttribute('aria-valuenow'))).toBeLessThan(4);
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Case 1: Article 1');

    await screen.findByText(/^Mean \d\.\d \/ 5, 95% CI \d\.\d to \d\.\d \(4 cases\)/);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    // The prompt runs on the Test model (gpt-4o by default); the judge defaults to another model.
    expect(api.requests.find((r) => r.path === '/api/evaluations')?.body).toMatchObject({
      model: 'gpt-4o',
      judge: { provider: 'openai', model: 'gpt-4o-mini' },
    });
    // Each case's answer is folded under its score and critique.
    const first = within(list).getAllByRole('listitem')[0];
    fireEvent.click(within(first).getByText('Answer to case 1'));
    await waitFor(() => expect(within(first).getByTestId('case-answer').textContent).toBe('An answer to: Article 1'));

    act(() => useWorkspaceStore.setState({ output: { text: 'A rewritten prompt.', error: false } }));
    expect(
      screen.getByText('The prompt has changed since: evaluate again to score the current version.'),
    ).toBeVisible();
  });

  it('an evaluation the server refuses says why', async () => {
    useProveStore.setState({ name: 'News', cases: cases(2), dirty: true });
    api.failNext('POST', '/api/evaluations', 402, 'Your monthly budget is used up.');
    render(<EvaluatePanel />);
    fireEvent.click(screen.getByRole('button', { name: 'Evaluate prompt' }));
    await waitFor(() => expect(alertText()).toBe('Evaluation failed: Your monthly budget is used up.'));
  });
});

describe('optimize', () => {
  it('before Start, says how small a difference the test cases can detect from the last evaluation', () => {
    const scores = [4, 4, 4, 4, 4, 5, 5, 5, 5, 5];
    const results = scores.map((score, i) => ({ caseId: `c${i + 1}`, answer: 'a', score, critique: '' }));
    const evaluation = {
      prompt: 'p',
      label: 'Your prompt',
      status: 'done' as const,
      done: 10,
      total: 10,
      results,
      summary: null,
      tokens: null,
      error: null,
    };
    // 20 cases hold 8 test cases; SD 0.527 gives about 0.862 by the noncentral t (see statistics.test.ts).
    useProveStore.setState({ name: 'News', cases: cases(20), evaluations: { original: evaluation, optimized: null } });
    const { unmount } = render(<OptimizePanel onUsed={() => {}} />);
    expect(screen.getByTestId('prove-power').textContent).toBe(
      'With 8 test cases at a 2.5% level and the judge’s spread on your last evaluation (SD 0.5), a true difference of about 0.9 points is found 80% of the time; about 48 cases in all (20 for testing) would find one of 0.5.',
    );
    unmount();
    // Once the optimized prompt was evaluated on the same cases, the spread of the paired differences is used.
    const optimized = {
      ...evaluation,
      label: 'Version 1',
      results: results.map((r, i) => ({ ...r, score: r.score + [1, 0, 1, 1, 0, 1, 2, 0, 1, 1][i] })),
    };
    useProveStore.setState({ evaluations: { original: evaluation, optimized } });
    render(<OptimizePanel onUsed={() => {}} />);
    expect(screen.getByTestId('prove-power').textContent).toMatch(
      /^With 8 test cases at a 2\.5% level and the spread of the differences between your prompt and the optimized one \(SD 0\.6\), a true difference of about 0\.\d points/,
    );
  });

  it('shows the estimate before Start; Stop ends the run at once and keeps the report of the rounds so far', async () => {
    useProveStore.setState({ name: 'News', cases: cases(10), dirty: true });
    render(<OptimizePanel onUsed={() => {}} />);
    expect(screen.getByText('Save the test set to see what a run would cost.')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Save test set' }));
    const estimate = await screen.findByTestId('prove-estimate');
    expect(estimate.textContent).toMatch(
      /Estimate for 5 rounds: at most [\d,]+ tokens, about \$\d\.\d\d\. Edits are proposed from 3 cases, chosen on 3 validation cases, .* on 4 cases never used to choose\./,
    );
    // Default limits are raised to cover the estimate; a limit the user sets is theirs.
    const { limits, estimate: e } = useProveStore.getState();
    expect(limits.maxTokens).toBeGreaterThanOrEqual(e.value?.tokens ?? Number.POSITIVE_INFINITY);
    expect(
      screen.getByText(/^Evaluate your prompt first to see how small a difference 4 test cases can detect\.$/),
    ).toBeVisible();

    fireEvent.change(screen.getByLabelText('Rounds'), { target: { value: '30' } });
    expect(screen.getByText('Rounds: between 1 and 20.')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Start' })).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByLabelText('Rounds'), { target: { value: '20' } });
    await waitFor(() => expect(screen.getByTestId('prove-estimate')).toHaveTextContent('Estimate for 20 rounds'));

    api.setGapMs(60);
    const closedBefore = api.closedEarly();
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    // First the starting prompt is scored, then each round moves the bar.
    expect(screen.getByText('Scoring your prompt before the first round…')).toBeVisible();
    const scoring = await screen.findByRole('progressbar', { name: 'Scoring your prompt' });
    // The 3 training and 3 validation cases; the 4 test cases wait for the end.
    expect(scoring).toHaveAttribute('aria-valuemax', '6');
    expect(scoring.getAttribute('aria-valuetext')).toMatch(
      /^Scoring your prompt before the first round: \d of 6 cases judged$/,
    );
    await screen.findByRole('table');
    const progress = screen.getByRole('progressbar', { name: 'Optimization progress' });
    expect(progress).toHaveAttribute('aria-valuemax', '20');
    expect(progress.getAttribute('aria-valuetext')).toMatch(/^Round \d+ of 20 · validation score so far \d\.\d \/ 5$/);
    fireEvent.click(screen.getByRole('button', { name: 'Stop' }));
    await screen.findByText('Stopped. Nothing more is billed; the rounds so far are below.');
    await waitFor(() => expect(api.closedEarly()).toBe(closedBefore + 1));
    const rounds = useProveStore.getState().optimization?.rounds.length ?? 0;
    expect(rounds).toBeGreaterThan(0);
    expect(rounds).toBeLessThan(20);
    expect(screen.getAllByRole('row')).toHaveLength(rounds + 1);
    expect(screen.queryByRole('button', { name: 'Stop' })).not.toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('after three tests on the same test cases it says the level is too strict and offers to draft fresh cases', async () => {
    useProveStore.setState({ name: 'News', cases: cases(12), dirty: true });
    const setId = await saveTestSet();
    api.setGapMs(0);
    // Three earlier runs on this set, as another tab or a script would make them.
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${api.origin}/api/optimizations`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          provider: 'openai',
          model: 'gpt-4o-mini',
          testSetId: setId,
          prompt: `You are an editor. Summarize the article. Run ${i}.`,
          judge: { provider: 'openai', model: 'gpt-4o' },
          limits: { maxRounds: 3, maxTokens: 1_000_000, maxCostUsd: 10 },
        }),
      });
      await res.text();
    }
    render(<OptimizePanel onUsed={() => {}} />);
    const budget = await screen.findByTestId('prove-test-budget');
    expect(budget.textContent).toMatch(
      /^These 5 test cases have had 3 tests: .*0\.3125% .*too strict to find most real gains\. Add \d+ fresh cases/,
    );
    const drafts = () => api.requests.filter((r) => r.path === '/api/test-sets/draft');
    const draftsBefore = drafts().length;
    const offer = screen.getByRole('button', { name: /^Draft \d+ fresh cases$/ });
    fireEvent.click(offer);
    await waitFor(() => expect(useProveStore.getState().cases.length).toBeGreaterThan(12));
    expect(drafts()).toHaveLength(draftsBefore + 1);
    expect(await screen.findByRole('button', { name: 'Save test set' })).toBeVisible();
  });

  it('the report card leads with the test split, shows every proposal with its diff, and Use version 1 puts it in the output', async () => {
    const long = `You are an editor. ${'Keep every fact and figure exactly as written. '.repeat(20)}Summarize the article.`;
    useWorkspaceStore.setState({ output: { text: long, error: false } });
    useProveStore.setState({
      name: 'News',
      cases: cases(10),
      dirty: true,
      limits: { maxRounds: 2, maxTokens: 1_000_000, maxCostUsd: 5 },
      limitsTouched: true,
    });
    let used = false;
    render(<OptimizePanel onUsed={() => (used = true)} />);
    fireEvent.click(screen.getByRole('button', { name: 'Save test set' }));
    await screen.findByTestId('prove-estimate', {}, { timeout: 5_000 });
    fireEvent.click(screen.getByRole('button', { name: 'Start' }));
    await screen.findByText(/Finished: all rounds done\./);
    expect(screen.getByTestId('prove-headline').textContent).toMatch(
      /^Version 1 is better\. Better: \d\.\d → \d\.\d on 4 test cases, difference \+[\d.]+ to \+[\d.]+ \(95%\) above zero\. The first test on these 4 test cases: .* at most 5% of the time\.$/,
    );
    expect(screen.getByText('Passed')).toBeVisible();
    expect(screen.getByText('Rejected')).toBeVisible();
    // The rejected proposal's diff is there too, with its reason.
    fireEvent.click(screen.getByText('What round 2 proposed (rejected)'));
    expect(screen.getByRole('region', { name: 'Changes proposed in round 2' })).toBeVisible();
    // The test cases' answers, for both prompts.
    fireEvent.click(screen.getByText('Answers on the 4 test cases'));
    expect(screen.getAllByText('Version 1: answer')).toHaveLength(4);
    expect(screen.getAllByText('Your prompt: answer')).toHaveLength(4);
    const diff = screen.getByRole('region', { name: 'Changes proposed in round 1' });
    await waitFor(() => expect(diff).toHaveTextContent('added: '));
    // The long unchanged start is cut around the edit: the edit shows, not the whole prompt.
    expect(diff).toHaveTextContent(' … ');
    expect(diff.textContent?.length).toBeLessThan(long.length);
    fireEvent.click(screen.getByRole('button', { name: 'Use version 1' }));
    expect(used).toBe(true);
    const best = useProveStore.getState().optimization?.result?.bestPrompt;
    expect(useWorkspaceStore.getState().output).toEqual({ text: best, error: false });
    expect(useWorkspaceStore.getState().outputHistoryId).toBe(101);
  });
});

describe('another user', () => {
  it('a sign-out stops the run in flight and forgets the test set and results', async () => {
    const stopListening = forgetProveOnUserChange();
    try {
      useAuthStore.setState({ user: { id: 'a', name: 'A', email: 'a@example.com', source: 'local' } });
      useProveStore.setState({ name: 'News', cases: cases(4), dirty: true });
      api.setGapMs(60);
      render(<EvaluatePanel />);
      fireEvent.click(screen.getByRole('button', { name: 'Evaluate prompt' }));
      // Mid-stream: a case has arrived, others are being judged.
      await waitFor(() => expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '1'));
      const closedBefore = api.closedEarly();
      act(() => useAuthStore.setState({ user: null }));
      expect(useProveStore.getState()).toMatchObject({
        name: '',
        cases: [],
        evaluations: { original: null, optimized: null },
      });
      await waitFor(() => expect(api.closedEarly()).toBe(closedBefore + 1));
      expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    } finally {
      stopListening();
    }
  });
});

describe('API tokens', () => {
  it('create shows the token once with Copy; revoke asks once more, then removes it from the list', async () => {
    render(<ApiTokens />);
    await screen.findByText('No tokens yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(alertText()).toBe('Give the token a name, e.g. the script that will use it.');
    fireEvent.change(screen.getByLabelText('New token name'), { target: { value: 'CI script' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    const token = await screen.findByTestId('ws-new-token');
    expect(token.textContent).toMatch(/^pp_/);
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeVisible();
    const list = screen.getByRole('list', { name: 'Your API tokens' });
    expect(within(list).getByText('CI script')).toBeVisible();
    expect(list).toHaveTextContent('May read and run');
    expect(list.textContent).not.toContain(token.textContent);

    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('ws-new-token')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke CI script' }));
    const question = screen.getByRole('alertdialog', {
      name: 'Revoke “CI script”? Scripts using it are refused at once.',
    });
    await waitFor(() => expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Keep it' })));
    fireEvent.click(within(question).getByRole('button', { name: 'Keep it' }));
    expect(within(list).getByText('CI script')).toBeVisible();
    fireEvent.click(screen.getByRole('button', { name: 'Revoke CI script' }));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke token' }));
    await screen.findByText('Revoked “CI script”. Scripts using it are refused from now on.');
    expect(screen.queryByRole('list', { name: 'Your API tokens' })).not.toBeInTheDocument();
    await act(async () => {});
  });

  it('a token can be limited to reading: the scopes chosen are sent and shown', async () => {
    render(<ApiTokens />);
    await screen.findByText('No tokens yet.');
    fireEvent.change(screen.getByLabelText('New token name'), { target: { value: 'Dashboard' } });
    fireEvent.click(screen.getByRole('checkbox', { name: /^Run:/ }));
    fireEvent.click(screen.getByRole('checkbox', { name: /^Read:/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    expect(alertText()).toBe('Allow the token at least one of Read and Run.');
    fireEvent.click(screen.getByRole('checkbox', { name: /^Read:/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Create token' }));
    await screen.findByTestId('ws-new-token');
    const list = screen.getByRole('list', { name: 'Your API tokens' });
    expect(list).toHaveTextContent('May read only');
  });
});
