import { Box, Typography } from '@mui/material';
import type { BrandLook } from './brand';

/** The brand's mark and name; the mark is drawn inline so it needs no request. */
export function BrandLogo({
  brand,
  size = 32,
  color = 'inherit',
}: {
  brand: BrandLook;
  size?: number;
  color?: string;
}) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, color }}>
      <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
        <rect width="64" height="64" rx="14" fill={brand.primary} />
        <path
          d="M32 50c-9-4-15-12-15-22 5 2 9 6 11 11-1-8 0-15 4-21 4 6 5 13 4 21 2-5 6-9 11-11 0 10-6 18-15 22z"
          fill={brand.secondary}
        />
      </svg>
      <Typography component="span" sx={{ fontWeight: 700, fontSize: size * 0.62, letterSpacing: '-0.02em' }}>
        {brand.name}
      </Typography>
    </Box>
  );
}
