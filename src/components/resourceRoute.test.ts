import { describe, expect, it } from 'vitest';
import { resourceRoute } from './resourceRoute';

const RESOURCES = ['templates', 'admin/users', 'admin/org-units', 'template-tags', 'certificates'];

describe('resourceRoute', () => {
  it('reads the resource and the view of a typed address', () => {
    expect(resourceRoute('/admin/users', RESOURCES)).toEqual({ resource: 'admin/users', action: 'list' });
    expect(resourceRoute('/admin/users/', RESOURCES)).toEqual({ resource: 'admin/users', action: 'list' });
    expect(resourceRoute('/admin/users/create', RESOURCES)).toEqual({ resource: 'admin/users', action: 'create' });
    expect(resourceRoute('/admin/users/12', RESOURCES)).toEqual({ resource: 'admin/users', action: 'edit' });
    expect(resourceRoute('/template-tags/3/show', RESOURCES)).toEqual({ resource: 'template-tags', action: 'show' });
  });

  it('leaves the custom pages alone', () => {
    expect(resourceRoute('/admin/notifications', RESOURCES)).toBeNull();
    expect(resourceRoute('/templatesX', RESOURCES)).toBeNull();
    expect(resourceRoute('/reports/4', RESOURCES)).toBeNull();
    expect(resourceRoute('/', RESOURCES)).toBeNull();
  });
});
