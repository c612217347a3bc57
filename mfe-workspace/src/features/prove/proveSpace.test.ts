// @vitest-environment happy-dom
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OrgSummary } from '@prompt-perfect/core/api/orgs';
import { spaceStore } from '@prompt-perfect/shared/orgs/spaceStore';
import { type FakeJsonApi, startFakeJsonApi } from '@prompt-perfect/test-support/fakes/fakeJsonApi';
import { forgetProveOnSpaceChange } from './proveSession';
import { initialProveState, useProveStore } from './proveStore';
import { loadSavedSets } from './testSetActions';

const acme: OrgSummary = { id: 'o1', slug: 'acme', name: 'Acme', role: 'editor' };
const summary = { id: 4, name: 'Replies', caseCount: 1, updatedAt: '2026-11-26T10:00:00.000Z' };
const cases = [{ id: 'c1', input: 'Where is my order?' }];

let api: FakeJsonApi;
let stop: () => void;
beforeAll(async () => {
  api = await startFakeJsonApi();
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(`${api.origin}/`);
  stop = forgetProveOnSpaceChange();
});
afterAll(async () => {
  stop();
  await api.close();
});
afterEach(() => {
  api.reset();
  spaceStore.setState({ activeOrg: null, orgs: [] });
  useProveStore.setState(initialProveState());
});

describe('Prove follows the space', () => {
  it('a switch forgets the saved sets and the open set of the space left', () => {
    useProveStore.setState({ saved: [summary], setId: 4, name: 'Replies', cases, dirty: false });
    spaceStore.setState({ activeOrg: acme });
    expect(useProveStore.getState()).toMatchObject({ saved: null, setId: null, name: '', cases: [] });
  });

  it('cases written and not saved stay, to be saved as a new set of the new space', () => {
    useProveStore.setState({ saved: [summary], setId: 4, name: 'Draft', cases, dirty: true });
    spaceStore.setState({ activeOrg: acme });
    expect(useProveStore.getState()).toMatchObject({ saved: null, setId: null, name: 'Draft', cases, dirty: true });
  });

  it('lists the space’s sets, and a list that arrives after a switch is dropped', async () => {
    api.answer('GET /api/orgs/acme/test-sets', 200, { items: [summary] });
    spaceStore.setState({ activeOrg: acme });
    await loadSavedSets();
    expect(useProveStore.getState().saved).toEqual([summary]);

    useProveStore.setState({ saved: null });
    const late = loadSavedSets();
    spaceStore.setState({ activeOrg: null });
    await late;
    expect(useProveStore.getState().saved).toBeNull();
  });
});
