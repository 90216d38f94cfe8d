import { flushPromises } from '@vue/test-utils';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import Toast from 'primevue/toast';
import { defineComponent, h } from 'vue';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import InviteOwnersDialog from './components/InviteOwnersDialog.vue';
import UnitOwnersPanel from './components/UnitOwnersPanel.vue';

const owner = (email: string, extra: Record<string, unknown> = {}) => ({
  __typename: 'UnitOwner',
  userId: `user-${email}`,
  email,
  name: null,
  status: 'INVITED',
  invitedAt: '2026-11-20T09:00:00.000Z',
  invitationId: `inv-${email}`,
  invitationExpiresAt: '2099-11-27T09:00:00.000Z',
  ...extra,
});

function button(testid: string): HTMLButtonElement {
  const el = document.querySelector<HTMLButtonElement>(`[data-testid="${testid}"]`);
  if (!el) throw new Error(`No ${testid}`);
  return el;
}

function typeInto(selector: string, value: string): void {
  const input = document.querySelector<HTMLInputElement>(selector);
  if (!input) throw new Error(`No ${selector}`);
  input.value = value;
  input.dispatchEvent(new Event('input'));
}

async function mountPanel(
  handler: (req: GraphQLRequest) => GraphQLReply | null,
  role: 'ADMIN' | 'USER' | 'VIEWER' = 'ADMIN',
) {
  const requests: GraphQLRequest[] = [];
  let owners = [
    owner('ann@example.com', {
      name: 'Ann Owner',
      status: 'ACTIVE',
      invitationId: null,
      invitationExpiresAt: null,
    }),
    owner('bo@example.com'),
  ];
  installTestClient((req) => {
    requests.push(req);
    const answer = handler(req);
    if (answer) return answer;
    if (req.operationName === 'RemoveUnitOwner') {
      owners = owners.filter((o) => o.userId !== req.variables.userId);
      return { body: { data: { removeUnitOwner: true } } };
    }
    return {
      body: {
        data: {
          unitOwners: owners,
          ...(req.operationName === 'UnitOwners' ? { emailDeliveryConfigured: true } : {}),
        },
      },
    };
  });
  const pinia = freshPinia();
  signIn(
    { email: 'treasurer@example.com' },
    { id: 'org-1', name: 'Maple Ridge HOA', role, status: 'ACTIVE' },
  );
  const router = await routerAt('/units', pinia);
  // The panel as the unit's page holds it, with the app's toast outlet.
  const page = defineComponent({
    setup: () => () => [
      h(Toast),
      h(UnitOwnersPanel, { unitId: 'unit-101', unitLabel: 'Unit 101' }),
    ],
  });
  const wrapper = mountWithApp(page, { pinia, router });
  await flushPromises();
  return { wrapper, requests };
}

describe('UnitOwnersPanel', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(() => vi.unstubAllGlobals());

  it("lists the unit's owners with their state; admins send an invitation again", async () => {
    const { wrapper, requests } = await mountPanel((req) => {
      if (req.operationName === 'ResendOwnerInvitation')
        return {
          body: {
            data: {
              resendInvitation: {
                __typename: 'PendingInvitation',
                id: 'inv-bo@example.com',
                email: 'bo@example.com',
                expiresAt: '2099-12-01T00:00:00.000Z',
              },
            },
          },
        };
      return null;
    });
    const items = wrapper.findAll('.unit-owners__item');
    const parts = (i: number, sel: string) => items[i]!.find(sel).text().replace(/\s+/g, ' ');
    expect([parts(0, '.unit-owners__name'), parts(0, '.unit-owners__email')]).toEqual([
      'Ann Owner',
      'ann@example.com',
    ]);
    expect(parts(0, '.unit-owners__meta')).toBe('Signed up Owner since Nov 20, 2026');
    expect(parts(1, '.unit-owners__name')).toBe('bo@example.com');
    expect(parts(1, '.unit-owners__meta')).toBe(
      'Invited Sent Nov 20, 2026 · link expires Nov 27, 2099',
    );
    // Only a pending invitation is sent again.
    expect(document.querySelector('[data-testid="resend-owner-ann@example.com"]')).toBeNull();
    button('resend-owner-bo@example.com').click();
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Invitation sent again to bo@example.com'),
    );
    expect(requests.find((r) => r.operationName === 'ResendOwnerInvitation')?.variables).toEqual({
      id: 'inv-bo@example.com',
    });
    wrapper.unmount();
  });

  it("invites an owner: the API's refusal goes under the email, then the list is read again", async () => {
    const invites: unknown[] = [];
    const { wrapper, requests } = await mountPanel((req) => {
      if (req.operationName !== 'InviteOwner') return null;
      invites.push(req.variables);
      if (req.variables.email === 'treasurer@example.com') {
        const message =
          "A member of the association's staff (Admin): staff cannot also be owners; use another address";
        return {
          body: apiError('CONFLICT', `treasurer@example.com: ${message}`, [
            { field: 'email', message },
          ]),
        };
      }
      return { body: { data: { inviteOwner: owner('cy@example.com') } } };
    });
    button('invite-owner').click();
    await vi.waitFor(() => button('invite-owner-submit'));
    button('invite-owner-submit').click();
    await flushPromises();
    expect(document.querySelector('#invite-owner-email-error')?.textContent).toContain(
      "Enter the owner's email address.",
    );
    typeInto('#invite-owner-email', 'treasurer@example.com');
    button('invite-owner-submit').click();
    await vi.waitFor(() =>
      expect(document.querySelector('#invite-owner-email-error')?.textContent).toContain(
        'staff cannot also be owners',
      ),
    );
    typeInto('#invite-owner-email', ' cy@example.com ');
    button('invite-owner-submit').click();
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Invitation sent for cy@example.com'),
    );
    expect(invites).toEqual([
      { unitId: 'unit-101', email: 'treasurer@example.com' },
      { unitId: 'unit-101', email: 'cy@example.com' },
    ]);
    expect(requests.filter((r) => r.operationName === 'UnitOwners').length).toBeGreaterThan(1);
    wrapper.unmount();
  });

  it('removes an owner after a confirmation naming them', async () => {
    const { wrapper, requests } = await mountPanel(() => null);
    button('remove-owner-bo@example.com').click();
    await flushPromises();
    expect(document.body.textContent).toContain('Remove bo@example.com?');
    expect(document.body.textContent).toContain('no longer sees Unit 101 in the owner portal');
    button('confirm-remove-owner').click();
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('bo@example.com removed from Unit 101'),
    );
    expect(requests.find((r) => r.operationName === 'RemoveUnitOwner')?.variables).toEqual({
      unitId: 'unit-101',
      userId: 'user-bo@example.com',
    });
    await vi.waitFor(() => expect(wrapper.findAll('.unit-owners__item')).toHaveLength(1));
    wrapper.unmount();
  });

  it('lets members who may not write read the list only', async () => {
    const { wrapper, requests } = await mountPanel(() => null, 'VIEWER');
    expect(wrapper.findAll('.unit-owners__item')).toHaveLength(2);
    // Not an admin: the list is read without the admins' email setting, and nothing is offered.
    expect(requests.map((r) => r.operationName)).toEqual(['UnitOwnersOnly']);
    expect(button('invite-owner').disabled).toBe(true);
    expect(document.querySelector('[data-testid="resend-owner-bo@example.com"]')).toBeNull();
    wrapper.unmount();
  });
});

describe('InviteOwnersDialog', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });
  afterEach(() => vi.unstubAllGlobals());

  // The multipart request the dialog sends, answered like the API.
  function stubUpload(answer: (dryRun: boolean) => unknown) {
    const sent: boolean[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (_url: string, init: RequestInit) => {
        const form = init.body as FormData;
        const ops = JSON.parse(String(form.get('operations'))) as {
          variables: { dryRun: boolean };
        };
        sent.push(ops.variables.dryRun);
        return new Response(JSON.stringify(answer(ops.variables.dryRun)), {
          headers: { 'content-type': 'application/json' },
        });
      }),
    );
    return sent;
  }

  async function mountDialog() {
    installTestClient(() => ({ body: { data: {} } }));
    const pinia = freshPinia();
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' },
    );
    const router = await routerAt('/units', pinia);
    const invited: unknown[] = [];
    const wrapper = mountWithApp(InviteOwnersDialog, {
      pinia,
      router,
      props: {
        visible: true,
        template: { query: {} as never, field: 'unitImportTemplate', filename: 'units.csv' },
        onInvited: (r: unknown) => invited.push(r),
      },
    });
    await flushPromises();
    const input = document.querySelector<HTMLInputElement>('#owners-file')!;
    const file = new File(['unit_number,email\n101,a@example.com\n'], 'units.csv', {
      type: 'text/csv',
    });
    Object.defineProperty(input, 'files', { value: [file] });
    input.dispatchEvent(new Event('change'));
    await flushPromises();
    return { wrapper, invited };
  }

  it('checks the file first, shows who would be invited and who is skipped, then invites', async () => {
    const result = (dryRun: boolean) => ({
      data: {
        inviteOwnersFromCsv: {
          invited: 3,
          alreadyInvited: 1,
          emailsSent: dryRun ? 0 : 2,
          skipped: [{ unitNumber: '105', email: null, reason: 'No email address' }],
        },
      },
    });
    const sent = stubUpload(result);
    const { wrapper, invited } = await mountDialog();
    button('owners-check').click();
    await vi.waitFor(() => button('owners-send'));
    expect(sent).toEqual([true]);
    const preview = document.querySelector('[data-testid=owners-preview]')!.textContent!;
    expect(preview.replace(/\s+/g, ' ')).toContain(
      '3 owners to invite · 1 owner is invited already · 1 row skipped',
    );
    expect(preview).toContain('No email address');
    expect(button('owners-send').textContent).toContain('Invite 3 owners');
    button('owners-send').click();
    await vi.waitFor(() => expect(invited).toHaveLength(1));
    expect(sent).toEqual([true, false]);
    wrapper.unmount();
  });

  it('lists the rows the API refused, each at its line, and invites nobody', async () => {
    stubUpload(() =>
      apiError('BAD_USER_INPUT', 'Row 3: unit 999 is not in the books', [
        { field: 'rows.3.unit_number', message: 'Row 3: unit 999 is not in the books' },
        { field: 'rows.4.email', message: 'Row 4: "nope" is not an email address' },
      ]),
    );
    const { wrapper, invited } = await mountDialog();
    button('owners-check').click();
    await vi.waitFor(() => {
      if (!document.querySelector('[data-testid=import-errors]')) throw new Error('no errors yet');
    });
    const rows = [...document.querySelectorAll('[data-testid=import-errors] tbody tr')].map((tr) =>
      [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim()),
    );
    expect(rows).toEqual([
      ['3', 'unit_number', 'unit 999 is not in the books'],
      ['4', 'email', '"nope" is not an email address'],
    ]);
    expect(document.querySelector('[data-testid=owners-send]')).toBeNull();
    expect(invited).toEqual([]);
    wrapper.unmount();
  });
});
