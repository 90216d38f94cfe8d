import { describe, expect, it } from 'vitest';
import { MAX_OPERATION_NAMES, Metrics } from './metrics.js';

const series = (text: string, name: string) =>
  text
    .split('\n')
    .filter((l) => l.startsWith(`${name}{`) || l.startsWith(`${name} `))
    .sort();

describe('metrics', () => {
  it('keep a registry per instance, so two servers in one process do not collide', async () => {
    const a = new Metrics();
    const b = new Metrics();
    a.operation('Accounts', 'ok');
    expect(series(await a.text(), 'covenant_graphql_operations_total')).toEqual([
      'covenant_graphql_operations_total{operation="Accounts",outcome="ok"} 1',
    ]);
    expect(series(await b.text(), 'covenant_graphql_operations_total')).toEqual([]);
  });

  it('count operation names up to a bound, then as "other"', async () => {
    const m = new Metrics();
    for (let i = 0; i < MAX_OPERATION_NAMES; i++) m.operation(`Op${i}`, 'ok');
    m.operation('OneTooMany', 'ok');
    m.operation(null, 'BAD_USER_INPUT');
    m.operation('Op0', 'ok');
    const text = await m.text();
    expect(text).toContain('covenant_graphql_operations_total{operation="Op0",outcome="ok"} 2');
    expect(text).toContain(
      'covenant_graphql_operations_total{operation="other",outcome="BAD_USER_INPUT"} 1',
    );
    expect(text).toContain('covenant_graphql_operations_total{operation="other",outcome="ok"} 1');
    expect(text).not.toContain('OneTooMany');
  });

  it('read a scrape-time gauge: every series collect answers now, and only those', async () => {
    const m = new Metrics();
    let jobs = [
      { labels: { queue: 'email', state: 'created' }, value: 3 },
      { labels: { queue: 'email', state: 'failed' }, value: 1 },
    ];
    m.gauge({
      name: 'covenant_jobs',
      help: 'Jobs by queue and state',
      labelNames: ['queue', 'state'],
      collect: async () => jobs,
    });
    expect(series(await m.text(), 'covenant_jobs')).toEqual([
      'covenant_jobs{queue="email",state="created"} 3',
      'covenant_jobs{queue="email",state="failed"} 1',
    ]);
    jobs = [{ labels: { queue: 'email', state: 'created' }, value: 0 }];
    expect(series(await m.text(), 'covenant_jobs')).toEqual([
      'covenant_jobs{queue="email",state="created"} 0',
    ]);
  });

  it('read a scrape-time counter of a running total', async () => {
    const m = new Metrics();
    let total = 2;
    m.counter({ name: 'things_total', help: 'Things', collect: () => [{ value: total }] });
    expect(series(await m.text(), 'things_total')).toEqual(['things_total 2']);
    total = 5;
    expect(series(await m.text(), 'things_total')).toEqual(['things_total 5']);
  });

  it('leave a metric whose collect fails empty, and the rest of the page whole', async () => {
    const failures: string[] = [];
    const m = new Metrics({ onCollectError: (_err, name) => failures.push(name) });
    m.gauge({
      name: 'covenant_broken',
      help: 'Fails',
      labelNames: ['queue'],
      collect: () => {
        throw new Error('queue unreachable');
      },
    });
    m.request('graphql', 200, 0.02);
    const text = await m.text();
    expect(series(text, 'covenant_broken')).toEqual([]);
    expect(text).toContain(
      'covenant_http_request_duration_seconds_count{route="graphql",status="2xx"} 1',
    );
    expect(text).toMatch(/^process_cpu_user_seconds_total /m);
    expect(failures).toEqual(['covenant_broken']);
  });
});
