import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Member } from '@/features/members/members.graphql';
import { apiError, installTestClient, sessionPayload } from '@/test/graphql';
import type { GraphQLReply, GraphQLRequest } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, withToast } from '@/test/mount';
import { useAuthStore } from '@/stores/auth';
import MembersPage from './views/MembersPage.vue';

const member = (overrides: Partial<Member> & Pick<Member, 'userId' | 'email'>) => ({
  __typename: 'Member',
  name: null,
  role: 'USER',
  status: 'ACTIVE',
  joinedAt: '2026-03-04T15:00:00.000Z',
  mfaEnabled: false,
  ...overrides,
});

const dana = member({
  userId: 'user-1',
  email: 'treasurer@example.com',
  name: 'Dana Whitfield',
  role: 'ADMIN',
  mfaEnabled: true,
});
const omar = member({ userId: 'user-2', email: 'omar@example.com', name: 'Omar Haddad' });
const pending = member({
  userId: 'user-3',
  email: 'new.board@example.com',
  role: 'VIEWER',
  status: 'INVITED',
  joinedAt: '2026-11-20T09:00:00.000Z',
});

/** The OrganizationCalendar answer: New York, January start. */
const calendarOf = (id: string, timeZone = 'America/New_York', fiscalYearStartMonth = 1) => ({
  data: {
    me: {
      __typename: 'Me',
      organization: { __typename: 'OrganizationMembership', id, timeZone, fiscalYearStartMonth },
    },
  },
});

const PageWithToast = withToast(MembersPage);

const pendingInvitation = {
  __typename: 'PendingInvitation',
  id: 'inv-3',
  email: 'new.board@example.com',
  role: 'VIEWER',
  sentAt: '2026-11-20T09:00:00.000Z',
  expiresAt: '2026-11-27T09:00:00.000Z',
  expired: false,
};

async function mountPage(
  mutations: (req: GraphQLRequest) => GraphQLReply,
  opts: { emailDeliveryConfigured?: boolean } = {},
) {
  const requests: GraphQLRequest[] = [];
  installTestClient((req) => {
    requests.push(req);
    if (req.operationName === 'Members')
      return { body: { data: { members: [dana, omar, pending] } } };
    if (req.operationName === 'PendingInvitations') {
      return {
        body: {
          data: {
            emailDeliveryConfigured: opts.emailDeliveryConfigured ?? true,
            pendingInvitations: [pendingInvitation],
          },
        },
      };
    }
    if (req.operationName === 'OrganizationCalendar') return { body: calendarOf('org-1') };
    return mutations(req);
  });
  const pinia = freshPinia();
  useAuthStore().setSession(sessionPayload());
  const router = await routerAt('/members', pinia);
  const wrapper = mountWithApp(PageWithToast, { pinia, router });
  await flushPromises();
  return { wrapper, requests, router };
}

function rows(): string[][] {
  return [...document.querySelectorAll('[data-testid=members-table] tbody tr')].map((tr) =>
    [...tr.querySelectorAll('td')].map((td) => td.textContent?.trim() ?? ''),
  );
}

function button(testid: string): HTMLButtonElement {
  const el = document.querySelector<HTMLButtonElement>(`[data-testid="${testid}"]`);
  if (!el) throw new Error(`No ${testid}`);
  return el;
}

function menuItem(label: string): HTMLElement {
  const item = [...document.querySelectorAll<HTMLElement>('#member-row-menu [role=menuitem]')].find(
    (el) => el.textContent?.includes(label),
  );
  if (!item) throw new Error(`No menu item ${label}`);
  return item;
}

function typeInto(selector: string, value: string): void {
  const input = document.querySelector<HTMLInputElement>(selector);
  if (!input) throw new Error(`No ${selector}`);
  input.value = value;
  input.dispatchEvent(new Event('input'));
}

describe('MembersPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  it('lists members by name with email, role, status, two-step sign-in and joined date', async () => {
    const { wrapper } = await mountPage(() => ({ body: {} }));

    expect(wrapper.text()).toContain('2 members · 1 invitation pending · Maple Ridge HOA');
    // Sorted by the name people go by (the email until an invitee has set a name).
    expect(rows()).toEqual([
      ['Dana WhitfieldYou', 'treasurer@example.com', 'Admin', 'Active', 'On', 'Mar 4, 2026', ''],
      ['—', 'new.board@example.com', 'Viewer', 'Invited', 'Off', 'Nov 20, 2026', ''],
      ['Omar Haddad', 'omar@example.com', 'Member', 'Active', 'Off', 'Mar 4, 2026', ''],
    ]);
    wrapper.unmount();
  });

  it('invites: a CONFLICT goes under the email field, then a toast and the new row', async () => {
    const invites: unknown[] = [];
    const { wrapper } = await mountPage((req) => {
      if (req.operationName !== 'InviteMember') return { body: {} };
      invites.push(req.variables);
      if (req.variables.email === 'omar@example.com') {
        return {
          body: apiError('CONFLICT', 'omar@example.com is already a member', [
            { field: 'email', message: 'omar@example.com is already a member' },
          ]),
        };
      }
      return {
        body: {
          data: {
            inviteMember: member({
              userId: 'user-4',
              email: 'lee@example.com',
              status: 'INVITED',
              role: 'VIEWER',
            }),
          },
        },
      };
    });

    button('invite-member').click();
    await flushPromises();
    // Nothing typed: asked before any request.
    button('invite-submit').click();
    await flushPromises();
    expect(document.querySelector('#invite-email-error')?.textContent).toContain(
      'Enter the email address to invite.',
    );
    expect(invites).toHaveLength(0);

    typeInto('#invite-email', 'omar@example.com');
    button('invite-submit').click();
    await vi.waitFor(() =>
      expect(document.querySelector('#invite-email-error')?.textContent).toContain(
        'omar@example.com is already a member',
      ),
    );

    typeInto('#invite-email', ' lee@example.com ');
    document.querySelector<HTMLElement>('#invite-role')?.click();
    await flushPromises();
    [...document.querySelectorAll<HTMLElement>('[role=option]')]
      .find((o) => o.textContent?.includes('Viewer'))
      ?.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    await flushPromises();
    button('invite-submit').click();

    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Invitation sent to lee@example.com'),
    );
    expect(invites).toEqual([
      { email: 'omar@example.com', role: 'USER' },
      { email: 'lee@example.com', role: 'VIEWER' },
    ]);
    await vi.waitFor(() => expect(rows().map((r) => r[1])).toContain('lee@example.com'));
    expect(wrapper.text()).toContain('2 members · 2 invitations pending');
    wrapper.unmount();
  });

  it('changes a role from the row menu; the last-admin CONFLICT is shown', async () => {
    const { wrapper, requests } = await mountPage((req) =>
      req.variables.role === 'VIEWER'
        ? { body: apiError('CONFLICT', 'An organization must keep at least one admin') }
        : {
            body: {
              data: { updateMemberRole: { ...omar, role: req.variables.role } },
            },
          },
    );

    button('member-actions-user-2').click();
    await flushPromises();
    menuItem('Change role').querySelector<HTMLElement>('a')?.click();
    await flushPromises();

    expect(document.body.textContent).toContain('Change role of Omar Haddad');
    document.querySelector<HTMLInputElement>('#role-VIEWER')?.click();
    await flushPromises();
    button('change-role-submit').click();
    await vi.waitFor(() =>
      expect(document.querySelector('[data-testid=change-role-error]')?.textContent).toContain(
        'An organization must keep at least one admin',
      ),
    );

    document.querySelector<HTMLInputElement>('#role-ADMIN')?.click();
    await flushPromises();
    button('change-role-submit').click();
    await vi.waitFor(() => expect(document.body.textContent).toContain('Omar Haddad is now Admin'));
    expect(rows().find((r) => r[0] === 'Omar Haddad')?.[2]).toBe('Admin');
    expect(
      requests.filter((r) => r.operationName === 'UpdateMemberRole').map((r) => r.variables),
    ).toEqual([
      { userId: 'user-2', role: 'VIEWER' },
      { userId: 'user-2', role: 'ADMIN' },
    ]);
    wrapper.unmount();
  });

  it('removes after a confirmation naming the person; a CONFLICT is a toast', async () => {
    let refuse = true;
    const { wrapper, requests } = await mountPage(() =>
      refuse
        ? { body: apiError('CONFLICT', 'An organization must keep at least one admin') }
        : { body: { data: { removeMember: true } } },
    );

    const remove = async () => {
      button('member-actions-user-2').click();
      await flushPromises();
      menuItem('Remove from association').querySelector<HTMLElement>('a')?.click();
      await flushPromises();
    };

    await remove();
    expect(document.body.textContent).toContain('Remove Omar Haddad?');
    expect(document.querySelector('[data-testid=remove-member-text]')?.textContent).toContain(
      'Omar Haddad (omar@example.com) will lose access to Maple Ridge HOA',
    );
    button('remove-member-confirm').click();
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('An organization must keep at least one admin'),
    );
    expect(rows().map((r) => r[0])).toContain('Omar Haddad');

    refuse = false;
    await remove();
    button('remove-member-confirm').click();
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Omar Haddad removed from Maple Ridge HOA'),
    );
    await vi.waitFor(() => expect(rows().map((r) => r[0])).not.toContain('Omar Haddad'));
    expect(requests.filter((r) => r.operationName === 'RemoveMember')).toHaveLength(2);
    wrapper.unmount();
  });

  it('does not let an admin remove themselves', async () => {
    const { wrapper } = await mountPage(() => ({ body: {} }));
    button('member-actions-user-1').click();
    await flushPromises();
    const item = menuItem('Remove from association');
    expect(item.getAttribute('aria-disabled')).toBe('true');
    expect(item.textContent).toContain('Another admin can remove you');
    wrapper.unmount();
  });

  it('suspends and restores access from the row menu, the status pill following', async () => {
    const { wrapper, requests } = await mountPage((req) => {
      if (req.operationName === 'SuspendMember') {
        return { body: { data: { suspendMember: { ...omar, status: 'SUSPENDED' } } } };
      }
      return { body: { data: { reinstateMember: { ...omar, status: 'ACTIVE' } } } };
    });
    const choose = async (label: string) => {
      button('member-actions-user-2').click();
      await flushPromises();
      menuItem(label).querySelector<HTMLElement>('a')?.click();
      await flushPromises();
    };

    await choose('Suspend access');
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain("Omar Haddad's access is suspended"),
    );
    expect(rows().find((r) => r[0] === 'Omar Haddad')?.[3]).toBe('Suspended');
    expect(wrapper.text()).toContain('1 member · 1 suspended · 1 invitation pending');

    await choose('Restore access');
    await vi.waitFor(() => expect(rows().find((r) => r[0] === 'Omar Haddad')?.[3]).toBe('Active'));
    expect(
      requests
        .filter((r) => r.operationName?.endsWith('Member') && r.operationName !== 'Members')
        .map((r) => [r.operationName, r.variables]),
    ).toEqual([
      ['SuspendMember', { userId: 'user-2' }],
      ['ReinstateMember', { userId: 'user-2' }],
    ]);
    wrapper.unmount();
  });

  it('does not let an admin suspend themselves', async () => {
    const { wrapper } = await mountPage(() => ({ body: {} }));
    button('member-actions-user-1').click();
    await flushPromises();
    const item = menuItem('Suspend access');
    expect(item.getAttribute('aria-disabled')).toBe('true');
    expect(item.textContent).toContain('Another admin can suspend you');
    wrapper.unmount();
  });

  it('never names the invitee in the toast, even when the API knows a name', async () => {
    const { wrapper } = await mountPage((req) =>
      req.operationName === 'InviteMember'
        ? {
            body: {
              data: {
                inviteMember: member({
                  userId: 'user-9',
                  email: 'known@example.com',
                  name: 'Known Person',
                  // Even an answer shaped like the old immediate attachment.
                  status: 'ACTIVE',
                }),
              },
            },
          }
        : { body: {} },
    );
    button('invite-member').click();
    await flushPromises();
    typeInto('#invite-email', 'known@example.com');
    button('invite-submit').click();
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Invitation sent to known@example.com'),
    );
    expect(document.querySelector('[data-pc-name=toast]')?.textContent).not.toContain(
      'Known Person',
    );
    expect(document.querySelector('[data-pc-name=toast]')?.textContent).not.toContain('added to');
    wrapper.unmount();
  });

  it('says honestly when the server sends no email, and copies a fresh link', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const url = 'https://covenant.test/activate?token=fresh';
    const { wrapper, requests } = await mountPage(
      (req) =>
        req.operationName === 'IssueInvitationLink'
          ? {
              body: {
                data: {
                  issueInvitationLink: {
                    __typename: 'InvitationLink',
                    url,
                    invitation: pendingInvitation,
                  },
                },
              },
            }
          : { body: {} },
      { emailDeliveryConfigured: false },
    );
    const section = document.querySelector('[data-testid=pending-invitations]')!;
    expect(section.textContent).toContain('new.board@example.com');
    expect(section.textContent).toContain('Viewer · sent Nov 20, 2026 · expires Nov 27, 2026');
    expect(document.querySelector('[data-testid=email-not-configured]')?.textContent).toContain(
      'Email is not set up on this server: copy the link and send it yourself.',
    );
    // No email to resend.
    expect(document.querySelector('[data-testid=resend-inv-3]')).toBeNull();
    button('invite-member').click();
    await flushPromises();
    expect(document.querySelector('[data-testid=invite-intro]')?.textContent).toContain(
      'Email is not set up on this server',
    );
    expect(document.body.textContent).not.toContain("We'll email a link");
    document.querySelector<HTMLElement>('.p-dialog-close-button, [aria-label=Close]')?.click();

    button('copy-link-inv-3').click();
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith(url));
    expect(requests.find((r) => r.operationName === 'IssueInvitationLink')?.variables).toEqual({
      id: 'inv-3',
    });

    // A browser that refuses the clipboard gets the link in a read-only field to select.
    writeText.mockRejectedValueOnce(new Error('denied'));
    button('copy-link-inv-3').click();
    await vi.waitFor(() =>
      expect(
        document.querySelector<HTMLInputElement>('[data-testid=invitation-link-field]')?.value,
      ).toBe(url),
    );
    expect(
      document.querySelector<HTMLInputElement>('[data-testid=invitation-link-field]')?.readOnly,
    ).toBe(true);
    wrapper.unmount();
  });

  it('resends a pending invitation when email is set up', async () => {
    const { wrapper, requests } = await mountPage((req) =>
      req.operationName === 'ResendInvitation'
        ? { body: { data: { resendInvitation: pendingInvitation } } }
        : { body: {} },
    );
    expect(document.querySelector('[data-testid=email-not-configured]')).toBeNull();
    button('resend-inv-3').click();
    await vi.waitFor(() =>
      expect(document.body.textContent).toContain('Invitation sent again to new.board@example.com'),
    );
    expect(requests.find((r) => r.operationName === 'ResendInvitation')?.variables).toEqual({
      id: 'inv-3',
    });
    wrapper.unmount();
  });
});
