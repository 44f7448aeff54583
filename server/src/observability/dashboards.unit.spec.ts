import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportedMetricLabels, exportedMetricNames } from '@bank/infra';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const dir = path.join(root, 'infra/observability');
const read = (file: string) => readFileSync(path.join(dir, file), 'utf8');

const HISTOGRAM_SERIES = /_(bucket|count|sum)$/;
/** Metric names a PromQL expression reads (the bank's and Node's own). */
function metricsIn(expr: string): string[] {
  return [...expr.matchAll(/\b((?:bank|process|nodejs)_[a-z0-9_]+)\b/g)].map((m) => m[1]!);
}
function exported(name: string): boolean {
  const names = new Set(exportedMetricNames());
  return names.has(name) || names.has(name.replace(HISTOGRAM_SERIES, ''));
}

/** Labels Prometheus attaches to every series at scrape time (it renames a metric's own). */
const TARGET_LABELS = ['job', 'instance'];
/** Target labels a query may read: `instance`, and those prometheus.yml relabels onto targets. */
function queryableTargetLabels(): string[] {
  const config = parse(read('prometheus/prometheus.yml')) as {
    scrape_configs: { relabel_configs?: { target_label: string }[] }[];
  };
  const relabelled = config.scrape_configs.flatMap((c) =>
    (c.relabel_configs ?? []).map((r) => r.target_label),
  );
  return ['instance', ...relabelled];
}
/** Label names an expression groups by or selects on, and those its legend or summary prints. */
function labelsIn(expr: string, template = ''): string[] {
  const grouped = [...expr.matchAll(/\b(?:by|without|on|ignoring)\s*\(([^)]*)\)/g)].flatMap((m) =>
    m[1]!.split(',').map((l) => l.trim()),
  );
  const selected = [...expr.matchAll(/\{([^}]*)\}/g)].flatMap((m) =>
    [...m[1]!.matchAll(/([a-zA-Z_][a-zA-Z0-9_]*)\s*(?:=~|!~|!=|=)/g)].map((l) => l[1]!),
  );
  const printed = [
    ...template.matchAll(/\{\{\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*\}\}/g),
    ...template.matchAll(/\$labels\.([a-zA-Z_][a-zA-Z0-9_]*)/g),
  ].map((m) => m[1]!);
  return [...new Set([...grouped, ...selected, ...printed].filter(Boolean))];
}
/** Labels a series of the metric carries once scraped: its own, `le` on buckets, the target's. */
function labelsOf(name: string): string[] {
  const labels = exportedMetricLabels();
  const own = labels[name] ?? labels[name.replace(HISTOGRAM_SERIES, '')] ?? [];
  return [...own, ...(name.endsWith('_bucket') ? ['le'] : []), ...queryableTargetLabels()];
}
function expectLabelsExist(where: string, expr: string, template?: string) {
  for (const label of labelsIn(expr, template)) {
    for (const name of metricsIn(expr)) {
      expect(labelsOf(name), `${where}: ${name} has no label ${label}`).toContain(label);
    }
  }
}

describe('dashboards and alerts as code', () => {
  it('no exported metric has a label Prometheus reserves for the scrape target', () => {
    const labels = exportedMetricLabels();
    expect(labels).toHaveProperty('bank_queue_job_failures_total');
    for (const [name, own] of Object.entries(labels)) {
      for (const reserved of TARGET_LABELS) expect(own, name).not.toContain(reserved);
    }
  });

  it('every label a dashboard panel or alert reads exists on the metric it queries', () => {
    const dashboard = JSON.parse(read('grafana/dashboards/bank.json')) as {
      panels: { title: string; targets?: { expr: string; legendFormat?: string }[] }[];
    };
    for (const panel of dashboard.panels) {
      for (const { expr, legendFormat } of panel.targets ?? []) {
        expectLabelsExist(panel.title, expr, legendFormat);
      }
    }
    const rules = (
      parse(read('prometheus/alerts.yml')) as {
        groups: {
          rules: { alert: string; expr: string; annotations?: Record<string, string> }[];
        }[];
      }
    ).groups.flatMap((g) => g.rules);
    for (const rule of rules) {
      expectLabelsExist(rule.alert, rule.expr, Object.values(rule.annotations ?? {}).join(' '));
    }
  });

  it('parses every file under infra/observability', () => {
    const files = readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) =>
      /\.(json|ya?ml)$/.test(f),
    );
    expect(files.length).toBeGreaterThanOrEqual(5);
    for (const file of files) {
      const parsed: unknown = file.endsWith('.json') ? JSON.parse(read(file)) : parse(read(file));
      expect(parsed, file).toBeTypeOf('object');
    }
  });

  it('the Grafana dashboard reads only metrics the registry exports, on every panel', () => {
    const dashboard = JSON.parse(read('grafana/dashboards/bank.json')) as {
      panels: { type: string; title: string; targets?: { expr: string }[] }[];
    };
    const graphs = dashboard.panels.filter((p) => p.type !== 'row');
    const titles = dashboard.panels.map((p) => p.title.toLowerCase()).join(' | ');
    for (const topic of ['traffic', 'latency', 'error', 'saturation', 'lag', 'parked', 'queue']) {
      expect(titles, topic).toContain(topic);
    }
    expect(titles).toContain('relay');
    for (const panel of graphs) {
      expect(panel.targets?.length, panel.title).toBeGreaterThan(0);
      for (const { expr } of panel.targets!) {
        const used = metricsIn(expr);
        expect(used.length, expr).toBeGreaterThan(0);
        for (const name of used) expect(exported(name), `${panel.title}: ${name}`).toBe(true);
      }
    }
  });

  it('the alert rules cover lag, parked events, error rate, job failures and refused clients with exported metrics', () => {
    const rules = (
      parse(read('prometheus/alerts.yml')) as {
        groups: { rules: { alert: string; expr: string }[] }[];
      }
    ).groups.flatMap((g) => g.rules);
    const names = rules.map((r) => r.alert);
    for (const alert of [
      'ProjectionLagging',
      'ParkedEvents',
      'HighErrorRate',
      'JobFailures',
      'ClientsRefused',
    ]) {
      expect(names).toContain(alert);
    }
    for (const rule of rules) {
      for (const name of metricsIn(rule.expr))
        expect(exported(name), `${rule.alert}: ${name}`).toBe(true);
    }
  });

  it('Prometheus scrapes every bank service of docker-compose.yml, and Grafana reads Prometheus', () => {
    const compose = parse(readFileSync(path.join(root, 'docker-compose.yml'), 'utf8'), {
      merge: true,
    }) as {
      services: Record<string, { command?: string[]; environment?: Record<string, string> }>;
    };
    const config = parse(read('prometheus/prometheus.yml')) as {
      rule_files: string[];
      scrape_configs: {
        metrics_path: string;
        dns_sd_configs: { names: string[]; port: number }[];
      }[];
    };
    const scraped = config.scrape_configs.flatMap((c) => c.dns_sd_configs.flatMap((d) => d.names));
    const bankServices = Object.entries(compose.services)
      .filter(([, s]) =>
        s.command?.some((c) => /^start:(command-api|query-api|projections|jobs|edge)$/.test(c)),
      )
      .map(([name]) => name);
    expect(bankServices.length).toBeGreaterThanOrEqual(5);
    expect([...scraped].sort()).toEqual([...bankServices].sort());
    expect(config.scrape_configs[0]!.metrics_path).toBe('/metrics');
    for (const name of bankServices) {
      expect(compose.services[name]!.environment?.METRICS_TOKEN, name).toBeTruthy();
    }
    expect(compose.services).toHaveProperty('prometheus');
    expect(compose.services).toHaveProperty('grafana');
    const datasource = parse(read('grafana/provisioning/datasources/prometheus.yml')) as {
      datasources: { url: string }[];
    };
    expect(datasource.datasources[0]!.url).toBe('http://prometheus:9090');
  });
});
