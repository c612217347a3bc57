/**
 * For component tests in happy-dom: a real HTTP fake of our API (test-support's fakeJsonApi) that the page's relative
 * /api URLs reach, started once per file and emptied before each test.
 */
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type FakeJsonApi, startFakeJsonApi } from './fakeJsonApi';

/** happy-dom's own API: where the page "is", which relative URLs resolve against. */
const setPageUrl = (url: string) =>
  (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url);

export function pageOnFakeApi(): { readonly api: FakeJsonApi } {
  const holder = {} as { api: FakeJsonApi };
  beforeAll(async () => {
    holder.api = await startFakeJsonApi();
  });
  afterAll(() => holder.api.close());
  beforeEach(() => {
    setPageUrl(`${holder.api.origin}/`);
    holder.api.reset();
  });
  return holder;
}
