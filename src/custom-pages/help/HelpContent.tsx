import BookIcon from '@mui/icons-material/MenuBookOutlined';
import MailIcon from '@mui/icons-material/MailOutline';
import MapIcon from '@mui/icons-material/MapOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import ReplayIcon from '@mui/icons-material/Replay';
import { Box, Button, Divider, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { ContactForm } from './ContactForm';
import { HelpGuide } from './HelpGuide';
import { canResetTour, knowledgeBaseUrl, resetTour } from './helpResources';

function Section({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Box component="section" aria-label={title}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, mb: 1 }}>
        <Box sx={{ color: 'primary.main', display: 'flex' }}>{icon}</Box>
        <Typography variant="h6" component="h2" fontSize="1.05rem">
          {title}
        </Typography>
      </Box>
      {children}
    </Box>
  );
}

/**
 * What help offers (spec 000 section 2.13): the guided tour again (free trial only), the built-in guide to the
 * screens, the knowledge base when the server names one (HELP_URL, in the reader's language), and the contact form. Shown in the drawer and on the /help page.
 */
export function HelpContent({
  onContactDone,
  contactDoneLabel,
}: {
  onContactDone: () => void;
  contactDoneLabel: string;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const { user } = useCurrentUser();
  // the knowledge base the server names (HELP_URL); none: the built-in guide alone
  const helpUrl = user?.server?.helpUrl ?? null;

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}>
      {user && canResetTour(user.plan) && (
        <>
          <Section icon={<ReplayIcon />} title={translate('help.tour.title')}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {translate('help.tour.description')}
            </Typography>
            <Button
              variant="outlined"
              onClick={() => {
                resetTour();
                notify('help.tour.reset_done', { type: 'info' });
              }}
            >
              {translate('help.tour.reset')}
            </Button>
          </Section>
          <Divider />
        </>
      )}
      <Section icon={<MapIcon />} title={translate('help.guide.title')}>
        <Typography variant="body2" color="text.secondary">
          {translate('help.guide.description')}
        </Typography>
        <HelpGuide />
      </Section>
      <Divider />
      {helpUrl && (
        <>
          <Section icon={<BookIcon />} title={translate('help.knowledge_base.title')}>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
              {translate('help.knowledge_base.description')}
            </Typography>
            <Button
              variant="outlined"
              href={knowledgeBaseUrl(helpUrl, locale)}
              target="_blank"
              rel="noopener noreferrer"
              endIcon={<OpenInNewIcon />}
            >
              {translate('help.knowledge_base.open')}
            </Button>
          </Section>
          <Divider />
        </>
      )}
      <Section icon={<MailIcon />} title={translate('help.contact.title')}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {translate('help.contact.intro')}
        </Typography>
        <ContactForm onDone={onContactDone} doneLabel={contactDoneLabel} />
      </Section>
    </Box>
  );
}
