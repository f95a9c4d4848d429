import { describe, expect, it } from 'vitest';
import { dropNoOpReplaceState } from './quiet-history';

function fakeHistory(start: string) {
  const location = { href: start };
  const calls: (string | URL | null | undefined)[] = [];
  const history = {
    replaceState(_data: unknown, _unused: string, url?: string | URL | null) {
      calls.push(url);
      if (url) location.href = new URL(url, location.href).href;
    },
  };
  return { history, location, calls };
}

describe('dropNoOpReplaceState', () => {
  it('lets go of a call without state that would set the URL the page already has, and passes every other', () => {
    const { history, location, calls } = fakeHistory('http://app.test/docs');
    const restore = dropNoOpReplaceState(history, location);
    history.replaceState({}, '', '/docs');
    history.replaceState({}, '', 'http://app.test/docs');
    expect(calls).toEqual([]);
    // The router's own state for the same URL passes.
    history.replaceState({ __NA: true }, '', '/docs');
    history.replaceState({}, '', '/docs#tag/bridge');
    history.replaceState({ kept: true }, '');
    expect(calls).toEqual(['/docs', '/docs#tag/bridge', undefined]);
    expect(location.href).toBe('http://app.test/docs#tag/bridge');
    restore();
    history.replaceState({}, '', '/docs#tag/bridge');
    expect(calls).toHaveLength(4);
  });

  it('does not undo a wrapper installed after it', () => {
    const { history, location } = fakeHistory('http://app.test/docs');
    const restore = dropNoOpReplaceState(history, location);
    const later = () => undefined;
    history.replaceState = later;
    restore();
    expect(history.replaceState).toBe(later);
  });
});
