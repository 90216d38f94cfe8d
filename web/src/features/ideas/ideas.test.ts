import { beforeEach, describe, expect, it } from 'vitest';
import { visibleSections } from '@/layouts/navigation';
import { installTestClient, refreshRefused } from '@/test/graphql';
import { freshPinia, routerAt, signIn } from '@/test/mount';
import { ideationEnabled } from './ideas';

const maple = { id: 'org-1', name: 'Maple Ridge HOA', role: 'USER', status: 'ACTIVE' } as const;

const labels = (settings: Record<string, unknown>) =>
  visibleSections({ hasOrganization: true, isSuperadmin: false, settings }).flatMap((s) =>
    s.items.map((i) => i.label),
  );

describe('ideas (the organization flag)', () => {
  beforeEach(() => {
    installTestClient(() => refreshRefused);
  });

  it('shows the Ideas item only when the settings turn ideation on (a JSON true)', () => {
    expect(labels({ ideationEnabled: true })).toContain('Ideas');
    expect(labels({})).not.toContain('Ideas');
    expect(labels({ ideationEnabled: 'true' })).not.toContain('Ideas');
    // No empty Feedback heading when its one item is hidden.
    const sections = visibleSections({ hasOrganization: true, isSuperadmin: false, settings: {} });
    expect(sections.map((s) => s.id)).not.toContain('feedback');
    expect(ideationEnabled({ ideationEnabled: 1 })).toBe(false);
  });

  it('links Idea Submissions to the admin page for super admins', () => {
    const admin = visibleSections({ hasOrganization: false, isSuperadmin: true }).find(
      (s) => s.id === 'admin',
    )!;
    expect(admin.items.find((i) => i.label === 'Idea Submissions')?.route).toBe('admin-ideas');
  });

  it('opens /ideas only with the flag on; /admin/ideas only for super admins', async () => {
    const off = freshPinia();
    signIn({ email: 'member@example.com' }, { ...maple, settings: {} });
    expect((await routerAt('/ideas', off)).currentRoute.value.name).toBe('dashboard');

    const on = freshPinia();
    signIn({ email: 'member@example.com' }, { ...maple, settings: { ideationEnabled: true } });
    expect((await routerAt('/ideas', on)).currentRoute.value.name).toBe('ideas');
    expect((await routerAt('/admin/ideas', on)).currentRoute.value.name).toBe('dashboard');

    const sup = freshPinia();
    signIn({ email: 'owner@example.com', isSuperadmin: true }, null);
    expect((await routerAt('/admin/ideas', sup)).currentRoute.value.name).toBe('admin-ideas');
  });
});
