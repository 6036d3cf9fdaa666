import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { IconButton, Tooltip } from '@mui/material';
import { useTranslate } from 'react-admin';

/** A certificate row's two link actions, in the reports and on the search page: copy its link, open its page. */
export function CertificateLinkActions({ url, name, onCopy }: { url: string; name: string; onCopy: () => void }) {
  const translate = useTranslate();
  return (
    <>
      <Tooltip title={translate('reports.actions.copy_link')}>
        <IconButton size="small" onClick={onCopy} aria-label={translate('reports.actions.copy_link_of', { name })}>
          <ContentCopyIcon fontSize="small" />
        </IconButton>
      </Tooltip>
      <Tooltip title={translate('reports.actions.view')}>
        <IconButton
          size="small"
          component="a"
          href={url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={translate('reports.actions.view_of', { name })}
        >
          <OpenInNewIcon fontSize="small" />
        </IconButton>
      </Tooltip>
    </>
  );
}
