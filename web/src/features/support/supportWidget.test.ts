import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { effectScope } from 'vue';
import { useAuthStore } from '@/stores/auth';
import { installTestClient, mapleRidge, sessionPayload, willowCreek } from '@/test/graphql';
import { freshPinia } from '@/test/mount';
import { createSupportWidget, READY_EVENT, type SupportIdentity } from './supportWidget';
import { useSupportWidget } from './useSupportWidget';

const SETTINGS = {
  scriptUrl: 'https://chat.example.com/packs/js/sdk.js',
  websiteToken: 'website-token-1',
};

/**
 * What the widget's script does, as Chatwoot's SDK does it: defines chatwootSDK, whose run()
 * starts the widget and, once it is up, fires 'chatwoot:ready' with $chatwoot taking calls.
 * Records every call it receives. `autoReady: false` leaves the ready event to the test.
 */
function fakeWidgetScript(opts: { autoReady?: boolean } = {}) {
  const calls: [string, ...unknown[]][] = [];
  const loaded: string[] = [];
  const ready = () => {
    window.$chatwoot = {
      setUser: (...args) => void calls.push(['setUser', ...args]),
      setCustomAttributes: (...args) => void calls.push(['setCustomAttributes', ...args]),
      reset: () => void calls.push(['reset']),
      toggleBubbleVisibility: (...args) => void calls.push(['toggleBubbleVisibility', ...args]),
    };
    window.dispatchEvent(new Event(READY_EVENT));
  };
  const load = vi.fn(async (url: string) => {
    loaded.push(url);
    window.chatwootSDK = {
      run: (options) => {
        calls.push(['run', options]);
        if (opts.autoReady !== false) setTimeout(ready, 0);
      },
    };
  });
  return { calls, loaded, load, ready };
}

const dana: SupportIdentity = {
  id: 'user-1',
  name: 'Dana Whitfield',
  email: 'treasurer@example.com',
  organization: 'Maple Ridge HOA',
  role: 'Admin',
};

async function settle() {
  await flushPromises();
  await new Promise((r) => setTimeout(r, 0));
  await flushPromises();
}

afterEach(() => {
  delete window.chatwootSDK;
  delete window.$chatwoot;
});

describe('support widget protocol', () => {
  it('starts the widget once and says nothing until it reports ready', async () => {
    const script = fakeWidgetScript({ autoReady: false });
    const widget = createSupportWidget(SETTINGS, { load: script.load });
    const first = widget.identify(dana);
    await flushPromises();
    expect(script.calls).toEqual([
      ['run', { websiteToken: 'website-token-1', baseUrl: 'https://chat.example.com' }],
    ]);
    script.ready();
    await first;
    expect(script.calls.slice(1)).toEqual([
      ['setUser', 'user-1', { name: 'Dana Whitfield', email: 'treasurer@example.com' }],
      ['setCustomAttributes', { organization: 'Maple Ridge HOA', role: 'Admin' }],
      ['toggleBubbleVisibility', 'show'],
    ]);

    // The same identity again: nothing new; another association: told again; loaded once.
    await widget.identify({ ...dana });
    await widget.identify({ ...dana, organization: 'Willow Creek HOA', role: 'Viewer' });
    expect(script.calls.slice(4)).toEqual([
      ['setUser', 'user-1', { name: 'Dana Whitfield', email: 'treasurer@example.com' }],
      ['setCustomAttributes', { organization: 'Willow Creek HOA', role: 'Viewer' }],
      ['toggleBubbleVisibility', 'show'],
    ]);
    expect(script.loaded).toEqual([SETTINGS.scriptUrl]);
  });

  it('resets at sign-out and before another person is identified', async () => {
    const script = fakeWidgetScript();
    const widget = createSupportWidget(SETTINGS, { load: script.load });
    await widget.identify(dana);
    await widget.signOut();
    expect(script.calls.slice(-2)).toEqual([['reset'], ['toggleBubbleVisibility', 'hide']]);

    await widget.identify(dana);
    const before = script.calls.length;
    await widget.identify({ ...dana, id: 'user-2', name: 'Lee Park', email: 'lee@example.com' });
    expect(script.calls.slice(before, before + 2)).toEqual([
      ['reset'],
      ['setUser', 'user-2', { name: 'Lee Park', email: 'lee@example.com' }],
    ]);
    expect(script.loaded).toHaveLength(1);
  });

  it('never loads anything for a sign-out before any sign-in, and survives a script that fails', async () => {
    const script = fakeWidgetScript();
    await createSupportWidget(SETTINGS, { load: script.load }).signOut();
    expect(script.load).not.toHaveBeenCalled();

    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const failing = vi.fn(() => Promise.reject(new Error('blocked')));
    await createSupportWidget(SETTINGS, { load: failing }).identify(dana);
    expect(warn).toHaveBeenCalledOnce();
  });
});

describe('useSupportWidget', () => {
  beforeEach(() => freshPinia());

  function run(widget: typeof SETTINGS | null, script: ReturnType<typeof fakeWidgetScript>) {
    const { fetch } = installTestClient((request) => ({
      body: {
        data:
          request.operationName === 'SupportWidget'
            ? {
                supportWidget: widget && { __typename: 'SupportWidget', ...widget },
              }
            : null,
      },
    }));
    const scope = effectScope();
    scope.run(() => useSupportWidget({ load: script.load }));
    return { fetch, scope };
  }

  it('identifies the signed-in user from the auth store, follows a switch, resets at sign-out', async () => {
    const script = fakeWidgetScript();
    const { scope } = run(SETTINGS, script);
    await settle();
    expect(script.load).not.toHaveBeenCalled(); // nobody signed in yet

    const auth = useAuthStore();
    const session = sessionPayload({
      accessToken: 'access-token-secret',
      organizations: [mapleRidge, willowCreek],
    });
    auth.setSession(session);
    await settle();
    expect(script.calls).toContainEqual([
      'setUser',
      'user-1',
      { name: 'Dana Whitfield', email: 'treasurer@example.com' },
    ]);
    expect(script.calls).toContainEqual([
      'setCustomAttributes',
      { organization: 'Maple Ridge HOA', role: 'Admin' },
    ]);

    auth.setSession({ ...session, accessToken: 'access-token-2', organization: willowCreek });
    await settle();
    expect(script.calls.at(-2)).toEqual([
      'setCustomAttributes',
      { organization: 'Willow Creek HOA', role: 'Viewer' },
    ]);

    auth.clearSession('signed-out');
    await settle();
    expect(script.calls.slice(-2)).toEqual([['reset'], ['toggleBubbleVisibility', 'hide']]);

    // Whatever it was told, no token was in it (the website token is the widget's own).
    const heard = JSON.stringify(script.calls);
    expect(heard).not.toContain('access-token');
    expect(script.loaded).toEqual([SETTINGS.scriptUrl]);
    scope.stop();
  });

  it('loads nothing when the server names no widget', async () => {
    const script = fakeWidgetScript();
    const { fetch, scope } = run(null, script);
    useAuthStore().setSession(sessionPayload());
    await settle();
    expect(fetch).toHaveBeenCalledOnce();
    expect(script.load).not.toHaveBeenCalled();
    expect(window.chatwootSDK).toBeUndefined();
    scope.stop();
  });
});
