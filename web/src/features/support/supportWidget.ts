import type { SupportWidgetSettings } from './support.graphql';

// The embedded support chat (Chatwoot's website SDK, or anything speaking its protocol): the SDK
// script defines window.chatwootSDK; run() starts the widget, which fires 'chatwoot:ready' on the
// window once window.$chatwoot takes calls.

/** Who is signed in, as the support team sees them. Never a token or anything secret. */
export interface SupportIdentity {
  /** The user's id: the same person is the same contact across sessions and associations. */
  id: string;
  name: string;
  email: string;
  organization: string;
  role: string;
}

export interface ChatwootApi {
  setUser(identifier: string, user: { name: string; email: string }): void;
  setCustomAttributes(attributes: Record<string, string>): void;
  reset(): void;
  toggleBubbleVisibility?(visibility: 'show' | 'hide'): void;
}

interface ChatwootSdk {
  run(options: { websiteToken: string; baseUrl: string }): void;
}

declare global {
  interface Window {
    chatwootSDK?: ChatwootSdk;
    $chatwoot?: ChatwootApi;
  }
}

export const READY_EVENT = 'chatwoot:ready';

/** Adds the widget's script to the page once; resolves when it has run. */
export function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => reject(new Error(`The support widget script did not load (${url})`));
    document.head.appendChild(script);
  });
}

export interface SupportWidget {
  /** Loads and starts the widget if need be, then tells it who is signed in. */
  identify(identity: SupportIdentity): Promise<void>;
  /** Forgets the user (and their conversation) and hides the bubble; nothing if never started. */
  signOut(): Promise<void>;
}

export function createSupportWidget(
  settings: SupportWidgetSettings,
  deps: { win?: Window; load?: (url: string) => Promise<void> } = {},
): SupportWidget {
  const win = deps.win ?? window;
  const load = deps.load ?? loadScript;
  let started: Promise<ChatwootApi> | null = null;
  // What the widget was last told, so an unchanged identity is not sent again.
  let told: SupportIdentity | null = null;
  // One call at a time, in the order made (sign-out while the script is still loading…).
  let queue: Promise<void> = Promise.resolve();

  function start(): Promise<ChatwootApi> {
    started ??= (async () => {
      const ready = new Promise<void>((resolve) =>
        win.addEventListener(READY_EVENT, () => resolve(), { once: true }),
      );
      await load(settings.scriptUrl);
      if (!win.chatwootSDK) throw new Error('The support widget script defined no chatwootSDK');
      win.chatwootSDK.run({
        websiteToken: settings.websiteToken,
        baseUrl: new URL(settings.scriptUrl, win.location.href).origin,
      });
      await ready;
      if (!win.$chatwoot) throw new Error('The support widget reported ready without $chatwoot');
      return win.$chatwoot;
    })().catch((error: unknown) => {
      started = null; // the next sign-in tries again
      throw error;
    });
    return started;
  }

  function enqueue(work: () => Promise<void>): Promise<void> {
    queue = queue.then(work).catch((error: unknown) => {
      // Support chat is an extra: the app goes on without it.
      console.warn('Support widget unavailable:', error);
    });
    return queue;
  }

  return {
    identify(identity) {
      return enqueue(async () => {
        const api = await start();
        const previous = told;
        if (previous && JSON.stringify(previous) === JSON.stringify(identity)) return;
        // Another person in the same tab must not inherit the previous one's conversation.
        if (previous && previous.id !== identity.id) api.reset();
        api.setUser(identity.id, { name: identity.name, email: identity.email });
        api.setCustomAttributes({ organization: identity.organization, role: identity.role });
        api.toggleBubbleVisibility?.('show');
        told = identity;
      });
    },
    signOut() {
      return enqueue(async () => {
        if (!started) return;
        const api = await started;
        api.reset();
        api.toggleBubbleVisibility?.('hide');
        told = null;
      });
    },
  };
}
