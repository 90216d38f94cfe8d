import { flushPromises, type VueWrapper } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import DateField from '@/components/DateField.vue';
import { apiError, installTestClient, type GraphQLReply } from '@/test/graphql';
import { accountJson } from '@/test/ledger';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import BuyInvestmentDialog from './components/BuyInvestmentDialog.vue';

// Ids as the API makes them (its input guard refuses anything but a UUID).
const CASH = '0194f3a2-0000-7000-8000-000000001510';
const CDS = '0194f3a2-0000-7000-8000-000000001620';
const OPERATING = '0194f3a2-0000-7000-8000-000000001010';
const chart = [
  accountJson(OPERATING, '1010', 'Operating Checking'),
  accountJson(CASH, '1510', 'Reserve Savings', 'ASSET', 'RESERVE'),
  accountJson(CDS, '1620', 'Reserve CDs', 'ASSET', 'RESERVE'),
];
const cashAccounts = [
  { __typename: 'ActualsCashAccounts', fundType: 'OPERATING', candidateIds: [OPERATING] },
  { __typename: 'ActualsCashAccounts', fundType: 'RESERVE', candidateIds: [CASH] },
];

const $ = (selector: string) => document.querySelector<HTMLElement>(selector);
const dialogText = () => ($('#buy-investment-form')?.textContent ?? '').replace(/\s+/g, ' ');

// The dialog is teleported to the body: its fields are the document's.
function type(selector: string, text: string): void {
  const input = document.querySelector<HTMLInputElement>(selector)!;
  input.value = text;
  input.dispatchEvent(new Event('input', { bubbles: true }));
  input.dispatchEvent(new Event('change', { bubbles: true }));
}

function deferred() {
  let release!: () => void;
  const promise = new Promise<void>((resolve) => (release = resolve));
  return { promise, release };
}

describe('BuyInvestmentDialog', { timeout: 30_000 }, () => {
  let purchases: Record<string, unknown>[];
  let purchaseReply: () => GraphQLReply;
  let accountsArrive: Promise<void>;

  beforeEach(() => {
    document.body.innerHTML = '';
    purchases = [];
    accountsArrive = Promise.resolve();
    purchaseReply = () => ({ body: { data: { purchaseInvestment: null } } });
  });

  async function open(holdingAccountIds: string[]) {
    installTestClient(async (req) => {
      if (req.operationName === 'Accounts') {
        await accountsArrive;
        return { body: { data: { accounts: chart } } };
      }
      if (req.operationName === 'InvestmentCashAccounts') {
        return { body: { data: { actualsCashAccounts: cashAccounts } } };
      }
      if (req.operationName === 'PurchaseInvestment') {
        purchases.push(req.variables.input as Record<string, unknown>);
        return purchaseReply();
      }
      return { body: { data: null } };
    });
    const pinia = freshPinia();
    signIn(
      { email: 'treasurer@example.com' },
      { id: 'org-1', name: 'Maple Ridge HOA', role: 'ADMIN', status: 'ACTIVE' },
    );
    const router = await routerAt('/investments', pinia);
    const wrapper = mountWithApp(BuyInvestmentDialog, {
      pinia,
      router,
      props: { visible: true, holdingAccountIds },
    });
    await flushPromises();
    return wrapper;
  }

  async function fillIn(wrapper: VueWrapper) {
    type('#buy-institution', 'Riverbend Bank');
    type('#buy-principal', '15000');
    type('#buy-apy', '4.10');
    wrapper.findAllComponents(DateField).at(-1)?.vm.$emit('update:modelValue', '2026-11-24');
    await flushPromises();
  }

  async function submit() {
    $('[data-testid=buy-investment-submit]')!.click();
    await flushPromises();
  }

  it('takes the holding account in use when the investments list arrives after it opened', async () => {
    // The page's list (which names the holding accounts in use) answers after the dialog opened.
    const wrapper = await open([]);
    await wrapper.setProps({ holdingAccountIds: [CDS] });
    await flushPromises();
    await fillIn(wrapper);
    await submit();
    await vi.waitFor(() => expect(purchases).toHaveLength(1));
    expect(purchases[0]).toMatchObject({
      accountId: CDS,
      cashAccountId: CASH,
      principal: '15000.00',
      apy: '4.10',
      maturityDate: '2026-11-24',
    });
  });

  it('sends nothing before the accounts arrive, says why, and then fills them in', async () => {
    const wait = deferred();
    accountsArrive = wait.promise;
    const wrapper = await open([CDS]);
    await fillIn(wrapper);
    await submit();
    expect(purchases).toHaveLength(0);
    expect($('#buy-accountId-error')?.textContent).toContain('still loading');
    expect($('#buy-cashAccountId-error')?.textContent).toContain('still loading');

    wait.release();
    await flushPromises();
    // The defaults arrived: the messages about the empty choices are gone.
    expect($('#buy-accountId-error')).toBeNull();
    expect(dialogText()).toContain('1620');
    expect(dialogText()).toContain('1510');
    await submit();
    await vi.waitFor(() => expect(purchases).toHaveLength(1));
    expect(purchases[0]).toMatchObject({ accountId: CDS, cashAccountId: CASH });
  });

  it("shows the input guard's HTTP 400 under the field it names", async () => {
    purchaseReply = () => ({
      status: 400,
      body: apiError('NOT_FOUND', 'No record has this id (an id is a UUID) (accountId)', [
        { field: 'accountId', message: 'No record has this id (an id is a UUID)' },
      ]),
    });
    const wrapper = await open([CDS]);
    await fillIn(wrapper);
    await submit();
    await vi.waitFor(() => expect($('#buy-accountId-error')).not.toBeNull());
    expect($('#buy-accountId-error')!.textContent).toContain('No record has this id');
    expect(wrapper.emitted('bought')).toBeUndefined();
  });

  it('shows an HTTP 400 that names no field of the form at its top', async () => {
    purchaseReply = () => ({
      status: 400,
      body: apiError(
        'BAD_USER_INPUT',
        'Control characters (such as NUL) are not allowed in text (lines.0.memo)',
        [{ field: 'lines.0.memo', message: 'Control characters (such as NUL) are not allowed' }],
      ),
    });
    const wrapper = await open([CDS]);
    await fillIn(wrapper);
    await submit();
    await vi.waitFor(() => expect($('#buy-investment-form [role=alert]')).not.toBeNull());
    expect($('#buy-investment-form [role=alert]')!.textContent).toContain(
      'Control characters (such as NUL) are not allowed',
    );
    expect(wrapper.emitted('bought')).toBeUndefined();
  });
});
