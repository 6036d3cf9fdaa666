import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { BrandLogo } from '../../components/brand/BrandLogo';
import { useBrand } from '../../components/brand/BrandContext';

/** The frame of the sign-in screens: the brand, a card, and a quiet tagline. */
export function LoginShell({ children }: { children: ReactNode }) {
  const brand = useBrand();
  const translate = useTranslate();
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 6,
        background: (theme) =>
          theme.palette.mode === 'dark'
            ? 'radial-gradient(circle at 20% 0%, #1c2b26 0%, #0f1513 60%)'
            : `radial-gradient(circle at 15% 0%, ${brand.primary}22 0%, #f4f6f5 55%), linear-gradient(#f4f6f5, #eef2f0)`,
      }}
    >
      <Box sx={{ mb: 3 }}>
        <BrandLogo brand={brand} size={40} />
      </Box>
      <Card
        elevation={0}
        sx={{
          width: '100%',
          maxWidth: 440,
          border: 1,
          borderColor: 'divider',
          boxShadow: '0 10px 40px rgba(16, 40, 32, 0.08)',
        }}
      >
        <CardContent sx={{ p: { xs: 3, sm: 4 }, '&:last-child': { pb: { xs: 3, sm: 4 } } }}>{children}</CardContent>
      </Card>
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {translate('app.tagline')}
      </Typography>
    </Box>
  );
}
