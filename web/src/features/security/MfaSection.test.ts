import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '@/stores/auth';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import MfaSection from './components/MfaSection.vue';

let enabledAt = '2026-11-20T10:00:00.000Z';
const status = (enabled: boolean, recoveryCodesLeft = enabled ? 10 : 0) => ({
  data: {
    mfaStatus: {
      __typename: 'MfaStatus',
      enabled,
      enabledAt: enabled ? enabledAt : null,
      recoveryCodesLeft,
    },
  },
});
const CODES = Array.from({ length: 10 }, (_, i) => `abcd-efgh-jk${String.fromCharCode(97 + i)}m`);

async function mountSection(
  initial: boolean,
  handle: (req: GraphQLRequest) => GraphQLReply | undefined,
  opts: { requireMfa?: boolean; path?: string; timeZone?: string } = {},
) {
  const requests: GraphQLRequest[] = [];
  let enabled = initial;
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'MfaStatus') return { body: status(enabled) };
    const reply = handle(req) ?? { body: apiError('INTERNAL', 'unexpected') };
    if (req.operationName === 'ConfirmMfaSetup' && !(reply.body as { errors?: unknown }).errors) {
      enabled = true;
    }
    if (req.operationName === 'DisableMfa' && !(reply.body as { errors?: unknown }).errors) {
      enabled = false;
    }
    return reply;
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com', mfaEnabled: initial },
    {
      id: 'org-1',
      name: 'Maple Ridge HOA',
      role: 'USER',
      status: 'ACTIVE',
      settings: opts.requireMfa ? { requireMfa: true } : {},
      ...(opts.timeZone ? { timeZone: opts.timeZone, fiscalYearStartMonth: 1 } : {}),
    },
  );
  const router = await routerAt(opts.path ?? '/security', pinia);
  const wrapper = mountWithApp(withToast(MfaSection), { pinia, router });
  await flushPromises();
  return { wrapper, requests };
}

describe('MfaSection', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('sets up: QR code and key, a first code, then the recovery codes once', async () => {
    const { wrapper, requests } = await mountSection(false, (req) => {
      if (req.operationName === 'BeginMfaSetup') {
        return {
          body: {
            data: {
              beginMfaSetup: {
                __typename: 'MfaSetup',
                otpauthUri:
                  'otpauth://totp/Covenant:treasurer%40example.com?secret=JBSWY3DPEHPK3PXP',
                qrCodeDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
                secret: 'JBSWY3DPEHPK3PXP',
              },
            },
          },
        };
      }
      if (req.operationName === 'ConfirmMfaSetup') {
        return req.variables.code === '123456'
          ? { body: { data: { confirmMfaSetup: { __typename: 'RecoveryCodes', codes: CODES } } } }
          : {
              body: apiError('BAD_USER_INPUT', 'Invalid input', [
                { field: 'code', message: 'That code is not valid: check your authenticator app' },
              ]),
            };
      }
      return undefined;
    });
    expect(wrapper.get('[data-testid=mfa-status]').text()).toBe('Off');
    await wrapper.get('[data-testid=mfa-begin]').trigger('click');
    await flushPromises();
    expect(wrapper.get('img').attributes('src')).toBe('data:image/png;base64,iVBORw0KGgo=');
    expect(wrapper.get('[data-testid=mfa-secret]').text()).toBe('JBSWY3DPEHPK3PXP');

    // A wrong code: the API's message under the field, still in setup.
    await wrapper.get('#mfa-setup-code').setValue('000000');
    await wrapper.get('[data-testid=mfa-setup]').trigger('submit');
    await flushPromises();
    expect(wrapper.get('#mfa-setup-code-error').text()).toContain('not valid');

    await wrapper.get('#mfa-setup-code').setValue('123456');
    await wrapper.get('[data-testid=mfa-setup]').trigger('submit');
    await flushPromises();
    const shown = wrapper.findAll('.mfa__code').map((li) => li.text());
    expect(shown).toEqual(CODES);
    expect(useAuthStore().user?.mfaEnabled).toBe(true);

    // Download: a .txt with every code.
    const created: Blob[] = [];
    vi.spyOn(URL, 'createObjectURL').mockImplementation((b) => {
      created.push(b as Blob);
      return 'blob:codes';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {});
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await wrapper.get('[data-testid=mfa-download]').trigger('click');
    expect(click).toHaveBeenCalled();
    const text = await created[0]!.text();
    for (const c of CODES) expect(text).toContain(c);

    // Closed: never shown again; the status says On.
    await wrapper.get('[data-testid=mfa-codes-saved]').trigger('click');
    await flushPromises();
    expect(wrapper.find('.mfa__code').exists()).toBe(false);
    expect(wrapper.get('[data-testid=mfa-status]').text()).toBe('On');
    expect(wrapper.get('[data-testid=mfa-summary]').text()).toContain('10 recovery codes left');
    expect(requests.filter((r) => r.operationName === 'ConfirmMfaSetup')).toHaveLength(2);
  });

  it('turning off needs a code; a wrong one is refused', async () => {
    const { wrapper } = await mountSection(true, (req) => {
      if (req.operationName !== 'DisableMfa') return undefined;
      return req.variables.code === '654321'
        ? { body: { data: { disableMfa: true } } }
        : {
            body: apiError('BAD_USER_INPUT', 'Invalid input', [
              { field: 'code', message: 'That code is not valid: check your authenticator app' },
            ]),
          };
    });
    expect(wrapper.get('[data-testid=mfa-status]').text()).toBe('On');
    await wrapper.get('[data-testid=mfa-disable]').trigger('click');
    await wrapper.get('[data-testid=mfa-disable-form]').trigger('submit');
    expect(wrapper.get('#mfa-current-code-error').text()).toBe('Enter a code.');
    await wrapper.get('#mfa-current-code').setValue('111111');
    await wrapper.get('[data-testid=mfa-disable-form]').trigger('submit');
    await flushPromises();
    expect(wrapper.get('#mfa-current-code-error').text()).toContain('not valid');
    await wrapper.get('#mfa-current-code').setValue('654321');
    await wrapper.get('[data-testid=mfa-disable-form]').trigger('submit');
    await flushPromises();
    expect(wrapper.get('[data-testid=mfa-status]').text()).toBe('Off');
    expect(useAuthStore().user?.mfaEnabled).toBe(false);
  });

  it('new recovery codes need a code, and are shown once', async () => {
    const { wrapper } = await mountSection(true, (req) =>
      req.operationName === 'RegenerateRecoveryCodes'
        ? {
            body: {
              data: { regenerateRecoveryCodes: { __typename: 'RecoveryCodes', codes: CODES } },
            },
          }
        : undefined,
    );
    await wrapper.get('[data-testid=mfa-regenerate]').trigger('click');
    await wrapper.get('#mfa-current-code').setValue('abcd-efgh-jkmn');
    await wrapper.get('[data-testid=mfa-regenerate-form]').trigger('submit');
    await flushPromises();
    expect(wrapper.findAll('.mfa__code')).toHaveLength(10);
  });

  it("dates 'On since' in the association's time zone, not the browser's", async () => {
    // 03:00 UTC on November 20th: still the 19th in Los Angeles.
    enabledAt = '2026-11-20T03:00:00.000Z';
    try {
      const { wrapper } = await mountSection(true, () => undefined, {
        timeZone: 'America/Los_Angeles',
      });
      expect(wrapper.text()).toContain('On since Nov 19, 2026.');
      wrapper.unmount();
    } finally {
      enabledAt = '2026-11-20T10:00:00.000Z';
    }
  });

  it('says when the association requires it', async () => {
    const { wrapper } = await mountSection(false, () => undefined, {
      requireMfa: true,
      path: '/security?mfa=required',
    });
    expect(wrapper.get('[data-testid=mfa-required]').text()).toContain(
      'Maple Ridge HOA requires two-step sign-in.',
    );
  });
});
