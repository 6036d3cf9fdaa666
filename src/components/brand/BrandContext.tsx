import { createContext, useContext } from 'react';
import { currentBrand, type BrandLook } from './brand';

export const BrandContext = createContext<BrandLook>(currentBrand({ hostname: 'localhost', search: '' }));

export function useBrand(): BrandLook {
  return useContext(BrandContext);
}
