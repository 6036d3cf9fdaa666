import SearchIcon from '@mui/icons-material/Search';
import StyleIcon from '@mui/icons-material/StyleOutlined';
import { Box, Card, CardContent, Chip, InputAdornment, Skeleton, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { Title, useAuthenticated, useGetList, useLocaleState, useTranslate } from 'react-admin';
import { labelIn, type TemplateSummary } from '../../../domain/templates';

/** The templates page (spec 001): the count title, search by label, id or notes, and the cards. */
export function TemplateList() {
  useAuthenticated();
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [q, setQ] = useState('');
  const { data, total, isPending, error } = useGetList<TemplateSummary & { id: number }>('templates', {
    filter: { q },
    sort: { field: 'dateCreation', order: 'DESC' },
    pagination: { page: 1, perPage: 1000 },
  });

  return (
    <Box>
      <Title title={translate('templates.title')} />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 3, flexWrap: 'wrap' }}>
        <Typography variant="h4" component="h1" sx={{ flexGrow: 1 }}>
          {isPending ? translate('templates.title') : translate('templates.count', { count: total ?? 0 })}
        </Typography>
        <TextField
          size="small"
          placeholder={translate('templates.search')}
          value={q}
          onChange={(e) => setQ(e.target.value)}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
          sx={{ width: { xs: '100%', sm: 320 }, bgcolor: 'background.paper' }}
        />
      </Box>
      {error ? (
        <Typography color="error">{translate('app.error_generic')}</Typography>
      ) : isPending ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} variant="rounded" height={180} />
          ))}
        </Box>
      ) : data && data.length > 0 ? (
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
          {data.map((template) => (
            <Card key={template.id} variant="outlined" sx={{ opacity: template.enable ? 1 : 0.6 }}>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom noWrap>
                  {labelIn(template.label, locale)}
                </Typography>
                <Chip size="small" label={template.type} />
              </CardContent>
            </Card>
          ))}
        </Box>
      ) : (
        <Card variant="outlined" sx={{ textAlign: 'center', py: 8, px: 3 }}>
          <StyleIcon sx={{ fontSize: 56, color: 'text.disabled', mb: 1 }} />
          <Typography variant="h6" component="p" gutterBottom>
            {translate('templates.empty')}
          </Typography>
          <Typography color="text.secondary">{translate('templates.empty_hint')}</Typography>
        </Card>
      )}
    </Box>
  );
}
