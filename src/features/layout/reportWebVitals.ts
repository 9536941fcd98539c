import type { Metric } from 'web-vitals';

/** Where metrics go: set VITALS_ENDPOINT at build time to send them; in development they are logged. */
const endpoint = process.env.VITALS_ENDPOINT;

function report(metric: Metric): void {
  if (endpoint) {
    const body = JSON.stringify({ name: metric.name, value: metric.value, rating: metric.rating, id: metric.id, page: location.pathname });
    if (!navigator.sendBeacon?.(endpoint, body)) void fetch(endpoint, { method: 'POST', body, keepalive: true }).catch(() => undefined);
  } else if (process.env.NODE_ENV !== 'production') {
    console.info('[web-vitals]', metric.name, Math.round(metric.value * 100) / 100, metric.rating);
  }
}

/** Loaded lazily after the first paint so it never delays the page. */
export function startWebVitals(): void {
  if (!endpoint && process.env.NODE_ENV === 'production') return;
  void import(/* webpackChunkName: "web-vitals" */ 'web-vitals').then(({ onCLS, onFCP, onINP, onLCP, onTTFB }) => {
    onCLS(report);
    onFCP(report);
    onINP(report);
    onLCP(report);
    onTTFB(report);
  });
}
