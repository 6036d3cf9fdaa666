import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useNumberFormat } from '../../i18n/numberFormat';

/** One global indicator: a figure and what it counts. */
export function IndicatorCard({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  const number = useNumberFormat();
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
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
    </Card>
  );
}
