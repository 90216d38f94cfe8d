import { flushPromises } from '@vue/test-utils';
import { beforeEach, describe, expect, it } from 'vitest';
import { NAV_SECTIONS } from '@/layouts/navigation';
import { apiError, installTestClient } from '@/test/graphql';
import { freshPinia, mountWithApp, routerAt, signIn } from '@/test/mount';
import { barTone, roomLabel, runProgress, share } from './admin-clusters';
import AdminClustersPage from './views/AdminClustersPage.vue';

const cluster = (extra: Record<string, unknown>) => ({
  __typename: 'AdminCluster',
  accepting: true,
  waiting: 0,
  refused: 0,
  associationsBehind: 0,
  ...extra,
});
const run = (extra: Record<string, unknown>) => ({
  __typename: 'FleetMigrationRun',
  targetVersion: '041_owner_portal',
  failed: 0,
  lastError: null,
  finishedAt: '2026-11-20T10:05:00Z',
  ...extra,
});

// What the API answers for two clusters (one closed to new associations and under pressure) and
// three fleet runs, newest first.
function data(runs: unknown[] = defaultRuns()) {
  return {
    adminClusters: [
      cluster({
        name: 'default',
        associations: 500,
        maxTenants: 1000,
        connectionBudget: 277,
        connectionsInUse: 12,
      }),
      cluster({
        name: 'east',
        associations: 980,
        maxTenants: 1000,
        accepting: false,
        connectionBudget: 80,
        connectionsInUse: 80,
        waiting: 3,
        refused: 17,
        associationsBehind: 2,
      }),
    ],
    adminFleetMigrations: runs,
  };
}
const defaultRuns = () => [
  run({
    id: '3',
    status: 'RUNNING',
    total: 40,
    done: 12,
    startedAt: '2026-11-21T09:00:00Z',
    finishedAt: null,
  }),
  run({
    id: '2',
    status: 'FAILED',
    total: 40,
    done: 38,
    failed: 2,
    lastError: 'covenant_t_1a2b (Maple Ridge): relation "bills" already exists',
    startedAt: '2026-11-20T10:00:00Z',
  }),
  run({ id: '1', status: 'DONE', total: 40, done: 40, startedAt: '2026-11-19T10:00:00Z' }),
];

describe('admin clusters helpers', () => {
  it('words the room and the runs, and shares bars', () => {
    expect(roomLabel(500, 1000)).toBe('500 of 1,000');
    expect(roomLabel(12, null)).toBe('12, no limit');
    expect(share(500, 1000)).toBe(50);
    expect(share(1200, 1000)).toBe(100);
    expect(share(3, null)).toBeNull();
    expect([barTone(50), barTone(80), barTone(100)]).toEqual(['ok', 'warn', 'full']);
    expect(runProgress({ total: 40, done: 38, failed: 2 })).toBe('38 of 40 migrated, 2 failed');
    expect(runProgress({ total: 1200, done: 1200, failed: 0 })).toBe('1,200 of 1,200 migrated');
  });

  it('puts Clusters in the Admin section on its route', () => {
    const admin = NAV_SECTIONS.find((s) => s.id === 'admin')!;
    expect(admin.items.find((i) => i.label === 'Clusters')?.route).toBe('admin-clusters');
  });
});

describe('AdminClustersPage', () => {
  beforeEach(() => {
    document.body.innerHTML = '';
  });

  async function mount(reply: () => unknown = () => ({ body: { data: data() } })) {
    const requests: string[] = [];
    installTestClient((req) => {
      requests.push(req.operationName);
      return reply() as never;
    });
    const pinia = freshPinia();
    signIn({ email: 'owner@example.com', isSuperadmin: true }, null);
    const router = await routerAt('/admin/clusters', pinia);
    const wrapper = mountWithApp(AdminClustersPage, { pinia, router });
    await flushPromises();
    return { wrapper, requests };
  }

  it("shows each cluster's room, budget in use, waits, refusals and associations behind", async () => {
    const { wrapper, requests } = await mount();
    expect(requests).toEqual(['AdminClusters']);
    expect(wrapper.get('h1').text()).toBe('Clusters');
    expect(wrapper.text()).toContain('2 clusters · 1,480 associations · 2 associations behind');
    const rows = wrapper.findAll('[data-testid=clusters-table] tbody tr');
    expect(rows.map((r) => r.get('[data-testid=cluster-name]').text())).toEqual([
      'default',
      'east',
    ]);
    const [main, east] = rows;
    expect(main!.get('[data-testid=cluster-room]').text()).toBe('500 of 1,000');
    expect(main!.get('[data-testid=cluster-room] [role=img]').attributes('aria-label')).toBe(
      '50 % full',
    );
    expect(main!.get('[data-testid=cluster-connections]').text()).toBe('12 of 277');
    expect(main!.get('[data-testid=cluster-behind]').text()).toBe('None');
    expect(main!.find('[data-testid=cluster-closed]').exists()).toBe(false);

    expect(east!.get('[data-testid=cluster-closed]').text()).toBe('Takes no new associations');
    expect(east!.get('[data-testid=cluster-room]').text()).toBe('980 of 1,000');
    expect(east!.get('[data-testid=cluster-connections]').text()).toBe('80 of 80');
    expect(east!.get('[data-testid=cluster-connections] .admin-clusters__bar').classes()).toContain(
      'admin-clusters__bar--full',
    );
    expect(
      east!
        .findAll('td')
        .map((td) => td.text())
        .slice(3),
    ).toEqual(['3', '17', '2 behind']);
    expect(wrapper.find('[data-testid=admin-tab-admin-clusters]').exists()).toBe(true);
    wrapper.unmount();
  });

  it('lists the latest fleet runs with their status, progress and last error', async () => {
    const { wrapper } = await mount();
    expect(wrapper.findAll('[data-testid=fleet-run-status]').map((t) => t.text())).toEqual([
      'Running',
      'Failed',
      'Done',
    ]);
    expect(wrapper.findAll('[data-testid=fleet-run-progress]').map((t) => t.text())).toEqual([
      '12 of 40 migrated',
      '38 of 40 migrated, 2 failed',
      '40 of 40 migrated',
    ]);
    expect(wrapper.get('[data-testid=fleet-run-error]').text()).toContain(
      'relation "bills" already exists',
    );
    wrapper.unmount();
  });

  it('says so when no fleet run has happened, and shows an unlimited cluster without a bar', async () => {
    const { wrapper } = await mount(() => ({
      body: {
        data: {
          ...data([]),
          adminClusters: [
            cluster({
              name: 'default',
              associations: 2,
              maxTenants: null,
              connectionBudget: 277,
              connectionsInUse: 0,
            }),
          ],
        },
      },
    }));
    expect(wrapper.get('[data-testid=fleet-runs-empty]').text()).toContain('npm run migrate');
    expect(wrapper.find('[data-testid=fleet-runs-table]').exists()).toBe(false);
    const room = wrapper.get('[data-testid=cluster-room]');
    expect(room.text()).toBe('2, no limit');
    expect(room.find('[role=img]').exists()).toBe(false);
    expect(wrapper.text()).toContain('all at the current version');
    wrapper.unmount();
  });

  it('explains a failed load and tries again', async () => {
    let calls = 0;
    const { wrapper, requests } = await mount(() =>
      ++calls === 1
        ? { body: apiError('SERVICE_UNAVAILABLE', 'The database is busy') }
        : { body: { data: data() } },
    );
    expect(wrapper.find('[data-testid=clusters-table]').exists()).toBe(false);
    expect(wrapper.get('[role=alert]').text()).toContain("We couldn't load the clusters.");
    await wrapper.get('[role=alert] button').trigger('click');
    await flushPromises();
    expect(requests).toEqual(['AdminClusters', 'AdminClusters']);
    expect(wrapper.findAll('[data-testid=clusters-table] tbody tr')).toHaveLength(2);
    wrapper.unmount();
  });
});
