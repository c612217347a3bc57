import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrgSummary } from '@prompt-perfect/core/api/orgs';
import { applyOrgs, chooseSpace, clearSpace, spaceKey } from '../../src/orgs/chosenSpace';
import { spaceStore } from '../../src/orgs/spaceStore';
import { MemoryStorage, ThrowingStorage } from '../helpers/memoryStorage';

const acme: OrgSummary = { id: 'o1', slug: 'acme', name: 'Acme', role: 'admin' };
const globex: OrgSummary = { id: 'o2', slug: 'globex', name: 'Globex', role: 'viewer' };

let storage: MemoryStorage;
beforeEach(() => {
  storage = new MemoryStorage();
  vi.stubGlobal('localStorage', storage);
  clearSpace();
});
afterEach(() => vi.unstubAllGlobals());

describe('the chosen space', () => {
  it('is remembered per person and restored when their organizations load', () => {
    applyOrgs('ada', [acme, globex]);
    chooseSpace('ada', globex);
    clearSpace();
    applyOrgs('bob', [acme, globex]);
    expect(spaceStore.getState().activeOrg).toBeNull();
    applyOrgs('ada', [acme, globex]);
    expect(spaceStore.getState()).toEqual({ activeOrg: globex, orgs: [acme, globex] });
  });

  it('marks an organization the list did not hold (created or joined) as arrived, and no other', () => {
    applyOrgs('ada', [acme]);
    chooseSpace('ada', acme);
    expect(spaceStore.getState().arrived).toBeUndefined();
    chooseSpace('ada', globex);
    expect(spaceStore.getState()).toMatchObject({ activeOrg: globex, orgs: [acme, globex], arrived: globex });
  });

  it('marks an organization new since the last load as arrived, but not on the first load', () => {
    applyOrgs('ada', [acme]);
    expect(spaceStore.getState().arrived).toBeUndefined();
    applyOrgs('ada', [acme, globex]);
    expect(spaceStore.getState().arrived).toEqual(globex);
    clearSpace();
    applyOrgs('ada', [acme, globex]);
    expect(spaceStore.getState().arrived).toBeUndefined();
  });

  it('uses the role from the fresh list, not a remembered one', () => {
    chooseSpace('ada', acme);
    applyOrgs('ada', [{ ...acme, role: 'viewer' }]);
    expect(spaceStore.getState().activeOrg?.role).toBe('viewer');
  });

  it('falls back to the personal space, without an error, for an organization the person left', () => {
    chooseSpace('ada', globex);
    applyOrgs('ada', [acme]);
    expect(spaceStore.getState().activeOrg).toBeNull();
    expect(storage.getItem(spaceKey('ada'))).toBeNull();
  });

  it('ignores corrupt stored values', () => {
    storage.setItem(spaceKey('ada'), 'x'.repeat(5000));
    applyOrgs('ada', [acme]);
    expect(spaceStore.getState().activeOrg).toBeNull();
  });

  it('choosing the personal space forgets the organization', () => {
    chooseSpace('ada', acme);
    chooseSpace('ada', null);
    applyOrgs('ada', [acme]);
    expect(spaceStore.getState().activeOrg).toBeNull();
  });

  it('adds a just-created organization to the list when it is chosen', () => {
    applyOrgs('ada', [acme]);
    chooseSpace('ada', globex);
    expect(spaceStore.getState().orgs).toEqual([acme, globex]);
  });

  it('still switches when storage is unavailable', () => {
    vi.stubGlobal('localStorage', new ThrowingStorage());
    applyOrgs('ada', [acme]);
    chooseSpace('ada', acme);
    expect(spaceStore.getState().activeOrg).toEqual(acme);
  });
});
