import { Box, Card, CardContent, ToggleButton, ToggleButtonGroup, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { SUPPORTED_LANGUAGES } from '../../domain/language';
import { BrandLogo } from './brand/BrandLogo';
import { useBrand } from './brand/BrandContext';

/**
 * The frame of the public pages that anyone reaches without signing in (verify, NFT claim): the issuer's brand, the
 * language buttons and one card with its title and subtitle.
 */
export function PublicPageFrame({
  title,
  subtitle,
  children,
}: {
  title: ReactNode;
  subtitle: ReactNode;
  children: ReactNode;
}) {
  const translate = useTranslate();
  const [locale, setLocale] = useLocaleState();
  const brand = useBrand();
  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', alignItems: 'center', px: 2, py: 5 }}
    >
      <Box sx={{ width: '100%', maxWidth: 720, display: 'flex', alignItems: 'center', mb: 3, gap: 2 }}>
        <BrandLogo brand={brand} size={36} />
        <Box sx={{ flex: 1 }} />
        <ToggleButtonGroup
          size="small"
          exclusive
          value={locale}
          onChange={(_, value: string | null) => value && setLocale(value)}
          aria-label={translate('language.title')}
        >
          {SUPPORTED_LANGUAGES.map((language) => (
            <ToggleButton
              key={language}
              value={language}
              lang={language}
              // the name starts with the code the button shows (WCAG 2.5.3, label in name), then says it in full
              aria-label={`${language.toUpperCase()} (${translate(`language.${language}`)})`}
            >
              {language.toUpperCase()}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      </Box>
      <Card elevation={0} sx={{ width: '100%', maxWidth: 720, border: 1, borderColor: 'divider' }}>
        <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
          <Typography variant="h5" component="h1" gutterBottom>
            {title}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
          {children}
        </CardContent>
      </Card>
    </Box>
  );
}
