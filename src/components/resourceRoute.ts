import type { Action } from '../../domain/permissions';

/** The react-admin resource and view a path opens, or null for a path that is not a resource's. */
export function resourceRoute(pathname: string, resources: string[]): { resource: string; action: Action } | null {
  const path = pathname.replace(/\/+$/, '');
  // the longest name first: "admin/users" before a resource that would be called "admin"
  const resource = [...resources]
    .sort((a, b) => b.length - a.length)
    .find((name) => path === `/${name}` || path.startsWith(`/${name}/`));
  if (resource === undefined) return null;
  const rest = path
    .slice(resource.length + 1)
    .split('/')
    .filter(Boolean);
  if (rest.length === 0) return { resource, action: 'list' };
  if (rest[0] === 'create') return { resource, action: 'create' };
  return { resource, action: rest[1] === 'show' ? 'show' : 'edit' };
}
