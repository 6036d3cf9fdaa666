export const BRANDS = ['laurel', '3videnz'] as const;
export type Brand = (typeof BRANDS)[number];
export const DEFAULT_BRAND: Brand = 'laurel';

export const BRAND_NAMES: Record<Brand, string> = {
  laurel: 'Laurel',
  '3videnz': '3videnz',
};

function isBrand(value: string | null | undefined): value is Brand {
  return typeof value === 'string' && (BRANDS as readonly string[]).includes(value);
}

function isLocalHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127\.\d+\.\d+\.\d+$/.test(hostname);
}

/**
 * The brand comes from the second-level name of the host (app.3videnz.com → 3videnz); on a local host the
 * brand query parameter chooses it. Anything unknown falls back to the default brand.
 */
export function chooseBrand(hostname: string, brandParam?: string | null): Brand {
  const host = hostname.toLowerCase();
  if (isLocalHost(host)) {
    const wanted = brandParam?.toLowerCase();
    return isBrand(wanted) ? wanted : DEFAULT_BRAND;
  }
  const labels = host.split('.');
  const secondLevel = labels.length >= 2 ? labels[labels.length - 2] : labels[0];
  return isBrand(secondLevel) ? secondLevel : DEFAULT_BRAND;
}
