import { describe, expect, it } from 'vitest';
import { routeMatcher } from './route-pattern';

const manifest = {
  staticRoutes: [
    { page: '/', regex: '^/(?:/)?$' },
    { page: '/doctorlist', regex: '^/doctorlist(?:/)?$' },
  ],
  dynamicRoutes: [
    { page: '/api/[...path]', regex: '^/api/(.+?)(?:/)?$' },
    { page: '/doctordetail/[code]', regex: '^/doctordetail/([^/]+?)(?:/)?$' },
  ],
};

describe('route patterns (the labels of the request metrics and log)', () => {
  it('names a path by the route of the build that answers it, never by the path itself', () => {
    const routeOf = routeMatcher(manifest, new Set(['/logo.svg']));
    expect(routeOf('/')).toBe('/');
    expect(routeOf('/doctorlist/')).toBe('/doctorlist');
    expect(routeOf('/doctordetail/D100001')).toBe('/doctordetail/[code]');
    expect(routeOf('/api/News/GetNewList')).toBe('/api/[...path]');
    expect(routeOf('/_next/static/chunks/abc.js')).toBe('/_next/static/*');
    expect(routeOf('/logo.svg')).toBe('(public file)');
    expect(routeOf('/wp-admin/setup.php')).toBe('(unmatched)');
  });

  it('a flood of made-up paths gives one label and a bounded memory', () => {
    const routeOf = routeMatcher(manifest);
    const labels = new Set<string>();
    for (let i = 0; i < 20_000; i++) labels.add(routeOf(`/probe-${i}/x`));
    expect([...labels]).toEqual(['(unmatched)']);
  });
});
