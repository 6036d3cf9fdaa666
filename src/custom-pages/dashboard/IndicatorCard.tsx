import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** One global indicator: a figure and what it counts. */
export function IndicatorCard({ icon, label, value }: { icon: ReactNode; label: string; value: number }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        {icon}
        <div>
          <Typography variant="h4" component="p" fontWeight={600}>
            {value.toLocaleString()}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {label}
          </Typography>
        </div>
      </CardContent>
    </Card>
  );
}
