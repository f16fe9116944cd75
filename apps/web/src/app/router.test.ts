import { PAGE_PATHS } from '@core28/core/navigation';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { routes } from './router';

/** Every page path the router has, written out from its nested routes. */
function pagePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const here = route.path ? `${parent}/${route.path}`.replace(/\/+/g, '/') : parent;
    const own = route.index || (route.path && !route.children) ? [here || '/'] : [];
    return [...own, ...(route.children ? pagePaths(route.children, here) : [])];
  });
}

describe('the router', () => {
  it("has exactly core's pages, which the server answers 200 (every other path 404)", () => {
    const paths = pagePaths(routes).filter((path) => !path.endsWith('*'));
    expect(new Set(paths)).toEqual(new Set(PAGE_PATHS));
    expect(paths).toHaveLength(PAGE_PATHS.length);
  });
});
