import { BRAND_NAMES, chooseBrand, type Brand } from '../../../domain/brand';

export interface BrandLook {
  id: Brand;
  name: string;
  primary: string;
  secondary: string;
}

const LOOKS: Record<Brand, Omit<BrandLook, 'id' | 'name'>> = {
  laurel: { primary: '#1f5c4a', secondary: '#c8963e' },
  '3videnz': { primary: '#3b3f9f', secondary: '#e4572e' },
};

/** The brand of this page, from the host name or, on a local host, the brand query parameter. */
export function currentBrand(location: Pick<Location, 'hostname' | 'search'> = window.location): BrandLook {
  const id = chooseBrand(location.hostname, new URLSearchParams(location.search).get('brand'));
  return { id, name: BRAND_NAMES[id], ...LOOKS[id] };
}
