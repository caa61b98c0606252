import { describe, expect, it } from 'vitest';
import { preloadsFor, withPreloads, type PreloadMap } from './web-preload.ts';

const map: PreloadMap = {
  sets: {
    login: ['/static/js/login-a.js'],
    area: ['/static/js/area-b.js'],
    data: ['/static/js/data-d.js', '/static/js/profile-p.js'],
    profile: ['/static/js/profile-p.js'],
    dashboard: ['/static/js/dashboard-screen-c.js', '/static/js/area-b.js'],
  },
  areaBases: ['/app', '/admin', '/investor'],
  dataBases: ['/app', '/investor'],
};

describe('preloads of a client route (docs/architecture.md, “Web bundle and first load”)', () => {
  it('gives the sign-in chunks to the sign-in pages and the layout to the areas', () => {
    expect(preloadsFor('/login', map)).toEqual(['/static/js/login-a.js']);
    expect(preloadsFor('/investor/login/', map)).toEqual(['/static/js/login-a.js']);
    // The administrator's first screen reads no organisation profile: no list queries.
    expect(preloadsFor('/admin', map)).toEqual(['/static/js/area-b.js', '/static/js/dashboard-screen-c.js']);
    // The others' dashboards read the profile, through its own query, not the list queries.
    expect(preloadsFor('/investor/dashboard', map)).toEqual([
      '/static/js/area-b.js',
      '/static/js/profile-p.js',
      '/static/js/dashboard-screen-c.js',
    ]);
    expect(preloadsFor('/app/requests/12', map)).toEqual([
      '/static/js/area-b.js',
      '/static/js/profile-p.js',
      '/static/js/data-d.js',
    ]);
    expect(preloadsFor('/admin/suppliers', map)).toEqual(['/static/js/area-b.js']);
  });

  it('reads the profile through the list queries for a build without a profile set', () => {
    const { profile: _profile, ...older } = map.sets;
    const old: PreloadMap = { ...map, sets: older };
    expect(preloadsFor('/investor/dashboard', old)).toEqual([
      '/static/js/area-b.js',
      '/static/js/data-d.js',
      '/static/js/profile-p.js',
      '/static/js/dashboard-screen-c.js',
    ]);
  });

  it('gives nothing to other pages, look-alike paths and addresses that are not script chunks', () => {
    expect(preloadsFor('/investor/register', map)).toEqual([]);
    expect(preloadsFor('/application', map)).toEqual([]);
    expect(preloadsFor('/verify', map)).toEqual([]);
    const odd: PreloadMap = {
      ...map,
      sets: { ...map.sets, login: ['https://evil.test/x.js', '/static/js/"x.js'] },
    };
    expect(preloadsFor('/login', odd)).toEqual([]);
  });

  it('adds the links and the preload of /config.json before </head>, once', () => {
    const html = '<head><link rel="modulepreload" href="/static/js/area-b.js"></head>';
    const out = withPreloads(html, ['/static/js/area-b.js', '/static/js/dashboard-screen-c.js']);
    expect(out.match(/area-b\.js/g)).toHaveLength(1);
    expect(out).toContain('<link rel="modulepreload" crossorigin href="/static/js/dashboard-screen-c.js">');
    expect(out).toMatch(/crossorigin>\n {2}<\/head>$/);
    expect(out.match(/rel="preload" href="\/config\.json" as="fetch" crossorigin/g)).toHaveLength(1);
    expect(withPreloads(out, ['/static/js/dashboard-screen-c.js'])).toBe(out);
  });
});
