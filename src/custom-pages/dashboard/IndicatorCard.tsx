import { Card, CardActionArea, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useNumberFormat } from '../../i18n/numberFormat';

/** One global indicator: a figure and what it counts; with `to`, the whole card links to where they are. */
export function IndicatorCard({
  icon,
  label,
  value,
  to,
}: {
  icon: ReactNode;
  label: string;
  value: number;
  to?: string;
}) {
  const number = useNumberFormat();
  const content = (
    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
      {icon}
      <div>
        <Typography variant="h4" component="p" fontWeight={600}>
          {number(value)}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
      </div>
    </CardContent>
  );
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      {to ? (
        <CardActionArea component={Link} to={to} sx={{ height: '100%' }}>
          {content}
        </CardActionArea>
      ) : (
        content
      )}
    </Card>
  );
}
