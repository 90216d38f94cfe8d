import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { suggestPasskeyName } from '@/features/auth/passkeys';
import { useAuthStore } from '@/stores/auth';
import { installTestClient, sessionPayload } from '@/test/graphql';
import type { GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, withToast } from '@/test/mount';
import PasskeysSection from './components/PasskeysSection.vue';

// The browser's WebAuthn prompt is the outside world here; the API is answered over fetch.
const webauthn = vi.hoisted(() => ({
  browserSupportsWebAuthn: vi.fn(() => true),
  startAuthentication: vi.fn(),
  startRegistration: vi.fn(),
}));
vi.mock('@simplewebauthn/browser', () => webauthn);

const MAC_CHROME =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const CREATION = { challenge: 'cmVnaXN0ZXI', rp: { id: 'localhost', name: 'Covenant' } };
const ATTESTATION = { id: 'cred-2', rawId: 'cred-2', type: 'public-key', response: {} };

interface Row {
  __typename: 'Passkey';
  id: string;
  name: string;
  createdAt: string;
  lastUsedAt: string | null;
  backedUp: boolean;
}

const laptop: Row = {
  __typename: 'Passkey',
  id: 'pk-1',
  name: 'Work laptop',
  createdAt: '2026-03-02T15:00:00.000Z',
  lastUsedAt: '2026-03-04T09:30:00.000Z',
  backedUp: true,
};

function api(initial: Row[]) {
  let rows = [...initial];
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    const v = req.variables;
    switch (req.operationName) {
      case 'Me':
        return {
          body: {
            data: {
              me: { ...sessionPayload(), __typename: 'Me', impersonatedBy: null },
            },
          },
        };
      case 'Passkeys':
        return { body: { data: { passkeys: rows } } };
      case 'BeginPasskeyRegistration':
        return {
          body: {
            data: {
              beginPasskeyRegistration: {
                __typename: 'PasskeyCeremony',
                challengeId: 'challenge-9',
                options: CREATION,
              },
            },
          },
        };
      case 'FinishPasskeyRegistration': {
        const added: Row = {
          ...laptop,
          id: 'pk-2',
          name: String(v.name),
          createdAt: '2026-03-05T10:00:00.000Z',
          lastUsedAt: null,
        };
        rows = [...rows, added];
        return { body: { data: { finishPasskeyRegistration: added } } };
      }
      case 'RenamePasskey': {
        rows = rows.map((r) => (r.id === v.id ? { ...r, name: String(v.name) } : r));
        return { body: { data: { renamePasskey: rows.find((r) => r.id === v.id) } } };
      }
      case 'DeletePasskey':
        rows = rows.filter((r) => r.id !== v.id);
        return { body: { data: { deletePasskey: true } } };
      default:
        throw new Error(`Unexpected ${req.operationName}`);
    }
  });
  return requests;
}

async function mountSection() {
  const pinia = freshPinia();
  useAuthStore().setSession(sessionPayload());
  const router = await routerAt('/security', pinia);
  const wrapper = mountWithApp(withToast(PasskeysSection), { pinia, router });
  await flushPromises();
  return wrapper;
}

function byTestId(testid: string): HTMLElement {
  const el = document.querySelector<HTMLElement>(`[data-testid="${testid}"]`);
  if (!el) throw new Error(`No ${testid}`);
  return el;
}

function menuItem(label: string): HTMLElement {
  const item = [
    ...document.querySelectorAll<HTMLElement>('#passkey-row-menu [role=menuitem]'),
  ].find((el) => el.textContent?.includes(label));
  if (!item) throw new Error(`No menu item ${label}`);
  return item;
}

describe('PasskeysSection', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
    vi.clearAllMocks();
    webauthn.browserSupportsWebAuthn.mockReturnValue(true);
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(MAC_CHROME);
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('lists passkeys with their name, when added and when last used', async () => {
    api([laptop, { ...laptop, id: 'pk-3', name: 'Old key', lastUsedAt: null, backedUp: false }]);
    const wrapper = await mountSection();
    const rows = wrapper.findAll('[data-testid=passkeys-list] li');
    expect(rows.map((r) => r.get('[data-testid=passkey-name]').text())).toEqual([
      'Work laptop',
      'Old key',
    ]);
    expect(rows[0]!.text()).toContain('Added Mar 2, 2026');
    expect(rows[0]!.text()).toContain('Last used Mar 4, 2026');
    expect(rows[1]!.get('[data-testid=passkey-last-used]').text()).toBe('Never used');
    wrapper.unmount();
  });

  it('adds a passkey: the browser prompt, saved under a suggested name, then named', async () => {
    webauthn.startRegistration.mockResolvedValue(ATTESTATION);
    const requests = api([]);
    const wrapper = await mountSection();
    expect(wrapper.get('[data-testid=passkeys-empty]').text()).toContain('no passkeys yet');

    await wrapper.get('[data-testid=add-passkey]').trigger('click');
    await flushPromises();

    expect(webauthn.startRegistration).toHaveBeenCalledWith({ optionsJSON: CREATION });
    expect(
      requests.find((r) => r.operationName === 'FinishPasskeyRegistration')?.variables,
    ).toEqual({ challengeId: 'challenge-9', response: ATTESTATION, name: 'Chrome on Mac' });
    await vi.waitFor(() => expect(document.body.textContent).toContain('Name your new passkey'));
    const input = document.querySelector<HTMLInputElement>('#passkey-name')!;
    expect(input.value).toBe('Chrome on Mac');
    input.value = '  Home iMac ';
    input.dispatchEvent(new Event('input'));
    byTestId('passkey-name-save').click();
    await flushPromises();

    expect(requests.find((r) => r.operationName === 'RenamePasskey')?.variables).toEqual({
      id: 'pk-2',
      name: 'Home iMac',
    });
    await vi.waitFor(() =>
      expect(wrapper.get('[data-testid=passkeys-list]').text()).toContain('Home iMac'),
    );
    expect(document.body.textContent).toContain('Passkey “Home iMac” added');
    expect(document.body.textContent).not.toContain('Chrome on Mac');
    wrapper.unmount();
  });

  it('takes a dismissed prompt quietly and saves nothing', async () => {
    webauthn.startRegistration.mockRejectedValue(
      Object.assign(new Error('not allowed'), { name: 'NotAllowedError' }),
    );
    const requests = api([]);
    const wrapper = await mountSection();
    await wrapper.get('[data-testid=add-passkey]').trigger('click');
    await flushPromises();
    const note = wrapper.get('[data-testid=passkeys-add-message]');
    expect(note.text()).toBe('No passkey was added.');
    expect(note.attributes('role')).toBe('status');
    expect(requests.some((r) => r.operationName === 'FinishPasskeyRegistration')).toBe(false);
    wrapper.unmount();
  });

  it('renames from the row menu and deletes after a confirmation naming the passkey', async () => {
    const requests = api([laptop]);
    const wrapper = await mountSection();

    byTestId('passkey-actions-pk-1').click();
    await flushPromises();
    menuItem('Rename').querySelector<HTMLElement>('a')?.click();
    await flushPromises();
    expect(document.body.textContent).toContain('Rename passkey');
    const input = document.querySelector<HTMLInputElement>('#passkey-name')!;
    input.value = 'Laptop (work)';
    input.dispatchEvent(new Event('input'));
    byTestId('passkey-name-save').click();
    await flushPromises();
    expect(requests.find((r) => r.operationName === 'RenamePasskey')?.variables).toEqual({
      id: 'pk-1',
      name: 'Laptop (work)',
    });

    byTestId('passkey-actions-pk-1').click();
    await flushPromises();
    menuItem('Delete').querySelector<HTMLElement>('a')?.click();
    await flushPromises();
    expect(document.body.textContent).toContain('Delete passkey “Laptop (work)”?');
    byTestId('passkey-delete-confirm').click();
    await flushPromises();
    expect(requests.find((r) => r.operationName === 'DeletePasskey')?.variables).toEqual({
      id: 'pk-1',
    });
    await vi.waitFor(() =>
      expect(wrapper.find('[data-testid=passkeys-empty]').exists()).toBe(true),
    );
    wrapper.unmount();
  });

  it('says so when the browser has no WebAuthn, and offers no Add button', async () => {
    webauthn.browserSupportsWebAuthn.mockReturnValue(false);
    api([]);
    const wrapper = await mountSection();
    expect(wrapper.get('[data-testid=passkeys-unsupported]').text()).toContain(
      'This browser cannot use passkeys',
    );
    expect(wrapper.find('[data-testid=add-passkey]').exists()).toBe(false);
    wrapper.unmount();
  });
});

describe('suggestPasskeyName', () => {
  it('names the browser and system, or counts', () => {
    expect(suggestPasskeyName(MAC_CHROME, 0)).toBe('Chrome on Mac');
    expect(
      suggestPasskeyName(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
        0,
      ),
    ).toBe('Safari on iPhone');
    expect(
      suggestPasskeyName(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
        0,
      ),
    ).toBe('Edge on Windows');
    expect(suggestPasskeyName('', 2)).toBe('Passkey 3');
  });
});
