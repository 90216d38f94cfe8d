import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Role } from '@/apollo/types';
import { installTestClient } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import { approvalJson, billAttachmentsJson, billJson } from './billFixtures';
import BillPage from './views/BillPage.vue';

const $ = <T extends HTMLElement = HTMLElement>(selector: string) =>
  document.querySelector<T>(selector);
const text = (selector: string) => $(selector)?.textContent?.replace(/\s+/g, ' ').trim();

async function mountBill(
  bill: () => unknown,
  role: Role = 'ADMIN',
  other: (req: GraphQLRequest) => GraphQLReply = () => ({ body: { data: null } }),
) {
  const sent: GraphQLRequest[] = [];
  installTestClient((req) => {
    if (req.operationName === 'Bill') return { body: { data: { bill: bill() } } };
    if (req.operationName === 'BillAttachments')
      return { body: { data: billAttachmentsJson(String(req.variables.entryId)) } };
    sent.push(req);
    return other(req);
  });
  const pinia = freshPinia();
  signIn(
    { email: 'pat@example.com', name: 'Pat Alvarez' },
    { id: 'org-1', name: 'Maple Ridge HOA', role, status: 'ACTIVE' },
  );
  const router = await routerAt('/bills/bill-7', pinia);
  const wrapper = mountWithApp(withToast(BillPage), { pinia, router });
  await flushPromises();
  return { wrapper, sent };
}

const pending = (o: Parameters<typeof billJson>[2] = {}) =>
  billJson('bill-7', 7, {
    total: '4800.00',
    approval: 'PENDING',
    approvalsRequired: 2,
    payable: false,
    approvals: [
      approvalJson('ap-1', {
        name: 'Dana Whitfield',
        title: 'TREASURER',
        comment: 'Matches the signed quote',
      }),
    ],
    ...o,
  });

// Page mounts are slow on a busy machine: room beyond the default.
describe('BillPage approvals', { timeout: 30_000 }, () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('shows no decision to a member who may not decide, only the decisions made', async () => {
    // The treasurer who entered it: the API says they cannot approve their own bill.
    const { wrapper } = await mountBill(() => pending({ canApprove: false }), 'ADMIN');
    expect($('[data-testid=bill-decision]')).toBeNull();
    expect($('[data-testid=approve-bill]')).toBeNull();
    expect(text('[data-testid=bill-approval]')).toBe('Awaiting approval · 1 of 2 approvals');
    expect(text('[data-testid=bill-approval-item] .decision-item__head')).toBe(
      'Dana Whitfield (Treasurer) approved',
    );
    expect(text('[data-testid=bill-approval-item]')).toContain('“Matches the signed quote”');
    expect(text('[data-testid=bill-approval-item]')).toContain('from 203.0.113.7');
    // A writer may still void it: no payment applies to it.
    expect($('[data-testid=void-bill]')).not.toBeNull();
    wrapper.unmount();
  });

  it('lets a board member who is a viewer approve, and rejecting asks why first', async () => {
    let current = pending({ canApprove: true });
    const { wrapper, sent } = await mountBill(
      () => current,
      'VIEWER',
      (req) => {
        if (req.operationName !== 'ApproveBill') return { body: { data: null } };
        current = pending({
          canApprove: false,
          approval: 'APPROVED',
          payable: true,
          approvals: [
            ...pending().approvals,
            approvalJson('ap-2', { userId: 'user-1', name: 'Pat Alvarez', comment: 'OK' }),
          ],
        });
        return { body: { data: { approveBill: current } } };
      },
    );
    expect($('[data-testid=bill-decision]')).not.toBeNull();
    // A viewer writes nothing else: voiding stays out of reach.
    expect($<HTMLButtonElement>('[data-testid=void-bill]')?.disabled).toBe(true);

    $<HTMLButtonElement>('[data-testid=reject-bill]')?.click();
    await flushPromises();
    expect(document.body.textContent).toContain('Say why it is rejected');
    expect(sent.filter((r) => /Bill$/.test(r.operationName))).toHaveLength(0);

    const comment = $<HTMLTextAreaElement>('[data-testid=bill-decision-comment]')!;
    comment.value = '  OK ';
    comment.dispatchEvent(new Event('input'));
    await flushPromises();
    $<HTMLButtonElement>('[data-testid=approve-bill]')?.click();
    await vi.waitFor(() => expect($('[data-testid=bill-decision]')).toBeNull());
    expect(sent.find((r) => r.operationName === 'ApproveBill')?.variables).toEqual({
      id: 'bill-7',
      comment: 'OK',
    });
    expect(text('[data-testid=bill-approval]')).toBe('Approved');
    expect(document.body.textContent).toContain('BILL-7 approved');
    wrapper.unmount();
  });

  it('tells a duplicate and a void bill apart from a standing one', async () => {
    const duplicate = {
      __typename: 'Bill',
      id: 'bill-3',
      number: 3,
      billDate: '2026-02-02',
      total: '4800.00',
      status: 'OPEN',
      vendorInvoiceNumber: 'INV-204',
    };
    const { wrapper } = await mountBill(() =>
      billJson('bill-7', 7, {
        status: 'VOID',
        balance: '0.00',
        voidDate: '2026-03-05',
        voidReason: 'Entered twice.',
        duplicates: [duplicate],
      }),
    );
    expect(text('[data-testid=bill-duplicates]')).toContain(
      'Possible duplicate: Greenway Landscaping’s invoice INV-204 is also on BILL-3',
    );
    expect(text('[data-testid=bill-void-note]')).toBe(
      'Voided on Mar 5, 2026: Entered twice. A reversing entry took it out of Accounts Payable.',
    );
    expect($('[data-testid=bill-void-entry-link]')?.getAttribute('href')).toBe(
      '/transactions/entry-void-bill-7',
    );
    expect($('[data-testid=void-bill]')).toBeNull();
    expect($('[data-testid=bill-decision]')).toBeNull();
    wrapper.unmount();
  });
});
