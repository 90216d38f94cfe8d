import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { NAV_SECTIONS } from '@/layouts/navigation';
import { apiError, installTestClient, mapleRidge } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn, withToast } from '@/test/mount';
import AdminEmailDeliveryPage from './views/AdminEmailDeliveryPage.vue';

const ME = { id: 'admin-1', email: 'owner@covenant.test', isSuperadmin: true };

const failed = (id: string, to: string) => ({
  __typename: 'FailedEmail',
  id,
  to,
  subject: 'Maple Ridge HOA: $425.00 due 2026-12-01 for unit 12',
  template: 'due-reminder',
  error: '550 5.1.1 Mailbox unavailable',
  tries: 4,
  createdAt: '2026-11-30T10:00:00.000Z',
  failedAt: '2026-11-30T10:07:00.000Z',
});

async function mountPage(retry: (req: GraphQLRequest) => GraphQLReply) {
  const requests: GraphQLRequest[] = [];
  let list = [failed('j-1', 'dana@example.com'), failed('j-2', 'lee@example.com')];
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'FailedEmails') return { body: { data: { failedEmails: list } } };
    const reply = retry(req);
    if ((reply.body as { data?: unknown }).data) {
      list = list.filter((e) => e.id !== req.variables.id);
    }
    return reply;
  });
  const pinia = freshPinia();
  signIn(ME, null);
  const router = await routerAt('/admin/email-delivery', pinia);
  expect(router.currentRoute.value.name).toBe('admin-email-delivery');
  const wrapper = mountWithApp(withToast(AdminEmailDeliveryPage), { pinia, router });
  await flushPromises();
  return { wrapper, requests };
}

const rows = (wrapper: Awaited<ReturnType<typeof mountPage>>['wrapper']) =>
  wrapper.findAll('[data-testid=failed-emails-table] tbody tr');

describe('AdminEmailDeliveryPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('lists the dead letters and retries one: a toast, and the row leaves after the refetch', async () => {
    const { wrapper, requests } = await mountPage(() => ({
      body: { data: { retryFailedEmail: true } },
    }));
    expect(wrapper.get('h1').text()).toBe('Email delivery');
    expect(wrapper.text()).toContain('2 emails failed every try');
    expect(rows(wrapper)).toHaveLength(2);
    const first = rows(wrapper)[0]!;
    for (const text of [
      'dana@example.com',
      'Maple Ridge HOA: $425.00 due 2026-12-01 for unit 12',
      'due-reminder',
      '550 5.1.1 Mailbox unavailable',
      '4',
      'Nov 30, 2026',
    ]) {
      expect(first.text()).toContain(text);
    }
    await first.get('[data-testid=retry-email]').trigger('click');
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Email to dana@example.com is on its way again'),
    );
    expect(requests.find((r) => r.operationName === 'RetryFailedEmail')?.variables).toEqual({
      id: 'j-1',
    });
    await flushPromises();
    expect(rows(wrapper)).toHaveLength(1);
    expect(rows(wrapper)[0]!.text()).toContain('lee@example.com');
    wrapper.unmount();
  });

  it('says so when a retry is refused, and keeps the row', async () => {
    const { wrapper } = await mountPage(() => ({
      body: apiError('NOT_FOUND', 'Failed email not found'),
    }));
    await rows(wrapper)[1]!.get('[data-testid=retry-email]').trigger('click');
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Email to lee@example.com not retried'),
    );
    expect(document.body.textContent).toContain('Failed email not found');
    expect(rows(wrapper)).toHaveLength(2);
    wrapper.unmount();
  });

  it('says every email went out when nothing failed', async () => {
    installTestClient(() => ({ body: { data: { failedEmails: [] } } }));
    const pinia = freshPinia();
    signIn(ME, null);
    const router = await routerAt('/admin/email-delivery', pinia);
    const wrapper = mountWithApp(withToast(AdminEmailDeliveryPage), { pinia, router });
    await flushPromises();
    expect(wrapper.find('[data-testid=failed-emails-table]').exists()).toBe(false);
    expect(wrapper.text()).toContain('Every email went out');
    wrapper.unmount();
  });

  it('is in the Admin section for super admins only', async () => {
    const admin = NAV_SECTIONS.find((s) => s.id === 'admin')!;
    expect(admin.items.find((i) => i.label === 'Email delivery')?.route).toBe(
      'admin-email-delivery',
    );
    installTestClient(() => ({ body: { data: null } }));
    const pinia = freshPinia();
    signIn({ email: 'treasurer@example.com' }, mapleRidge);
    const router = await routerAt('/admin/email-delivery', pinia);
    expect(router.currentRoute.value.name).not.toBe('admin-email-delivery');
  });
});
