import { Box, Card, CardContent, Typography } from '@mui/material';
import { Title, useTranslate } from 'react-admin';
import { useHelpForm } from '../../components/HelpContext';
import { HelpContent } from './HelpContent';

/** The /help route: what the help drawer holds, as a page. */
export function HelpPage() {
  const translate = useTranslate();
  const { dispatch } = useHelpForm();

  return (
    <Box sx={{ maxWidth: 760 }}>
      <Title title={translate('help.title')} />
      <Typography variant="h4" component="h1" sx={{ mb: 3 }}>
        {translate('help.title')}
      </Typography>
      <Card variant="outlined">
        <CardContent sx={{ p: { xs: 2.5, sm: 4 } }}>
          <HelpContent
            onContactDone={() => dispatch({ kind: 'close' })}
            contactDoneLabel={translate('help.contact.new_request')}
          />
        </CardContent>
      </Card>
    </Box>
  );
}
