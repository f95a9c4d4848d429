import { describe, expect, it } from 'vitest';
import { quietReferenceHistory } from './quiet-history';

function fakeHistory(start: string, routerState: unknown) {
  const location = { href: start };
  const calls: { data: unknown; url: string | URL | null | undefined }[] = [];
  const history = {
    state: routerState,
    replaceState(data: unknown, _unused: string, url?: string | URL | null) {
      calls.push({ data, url });
      this.state = data;
      if (url) location.href = new URL(url, location.href).href;
    },
  };
  return { history, location, calls };
}

describe('quietReferenceHistory', () => {
  it("writes the renderer's anchors with the router's state, so the router sees its own entry", () => {
    const { history, location, calls } = fakeHistory('http://app.test/docs', { __NA: true, tree: 1 });
    const restore = quietReferenceHistory(history, location);
    history.replaceState({}, '', '/docs#description/introduction');
    history.replaceState({}, '', 'http://app.test/docs');
    expect(calls).toEqual([
      { data: { __NA: true, tree: 1 }, url: '/docs#description/introduction' },
      { data: { __NA: true, tree: 1 }, url: 'http://app.test/docs' },
    ]);
    expect(location.href).toBe('http://app.test/docs');
    restore();
  });

  it("lets go of a call without state for another page's URL: the page is being left", () => {
    const { history, location, calls } = fakeHistory('http://app.test/token/SOL/abc', { __NA: true });
    quietReferenceHistory(history, location);
    history.replaceState({}, '', '/docs#tag/bridge');
    history.replaceState(null, '', '/docs?x=1');
    expect(calls).toEqual([]);
    expect(location.href).toBe('http://app.test/token/SOL/abc');
  });

  it('passes every call that carries state, or no URL, as it is', () => {
    const { history, location, calls } = fakeHistory('http://app.test/docs', { __NA: true });
    const restore = quietReferenceHistory(history, location);
    history.replaceState({ __NA: true, other: 2 }, '', '/token/BASE/0x1');
    history.replaceState({ kept: true }, '');
    expect(calls).toEqual([
      { data: { __NA: true, other: 2 }, url: '/token/BASE/0x1' },
      { data: { kept: true }, url: undefined },
    ]);
    restore();
    history.replaceState({}, '', '/elsewhere');
    expect(calls).toHaveLength(3);
  });

  it('does not undo a wrapper installed after it', () => {
    const { history, location } = fakeHistory('http://app.test/docs', null);
    const restore = quietReferenceHistory(history, location);
    const later = () => undefined;
    history.replaceState = later;
    restore();
    expect(history.replaceState).toBe(later);
  });
});
