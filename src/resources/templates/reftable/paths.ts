export const REFTABLE_PATH = '/reftable/:templateId';

export function reftablePath(templateId: number): string {
  return `/reftable/${templateId}`;
}
