import { expect, it } from 'vitest';
import { createMetrics } from './metrics.ts';

it('keeps one series for each method, route and status, with its own count, sum and buckets', async () => {
  const metrics = createMetrics();
  const route = '/api/program/days/:day';
  metrics.observeRequest({ method: 'GET', route, status: 200 }, 0.004);
  metrics.observeRequest({ method: 'GET', route, status: 200 }, 0.02);
  metrics.observeRequest({ method: 'GET', route, status: 404 }, 0.2);
  metrics.observeRequest({ method: 'PUT', route, status: 200 }, 3);
  const text = await metrics.registry.metrics();
  const series = (labels: string, suffix: string) =>
    text.match(new RegExp(`core28_http_request_duration_seconds_${suffix}\\{${labels}\\} (\\S+)`))?.[1];
  const get200 = `method="GET",route="${route}",status="200"`;
  expect(series(get200, 'count')).toBe('2');
  expect(Number(series(get200, 'sum'))).toBeCloseTo(0.024);
  expect(series(`le="0.005",${get200}`, 'bucket')).toBe('1');
  expect(series(`le="0.025",${get200}`, 'bucket')).toBe('2');
  expect(series(`method="GET",route="${route}",status="404"`, 'count')).toBe('1');
  expect(series(`method="PUT",route="${route}",status="200"`, 'count')).toBe('1');
  expect(text).toContain(`core28_http_requests_total{method="GET",route="${route}",status="200"} 2`);
  // A reset registry (a test's) counts again from nothing, into the same series.
  metrics.registry.resetMetrics();
  metrics.observeRequest({ method: 'GET', route, status: 200 }, 0.004);
  expect(await metrics.registry.metrics()).toContain(
    `core28_http_request_duration_seconds_count{${get200}} 1`,
  );
});
