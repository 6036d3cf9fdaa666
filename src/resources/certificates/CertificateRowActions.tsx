import AutorenewIcon from '@mui/icons-material/AutorenewOutlined';
import CampaignIcon from '@mui/icons-material/CampaignOutlined';
import EditNoteIcon from '@mui/icons-material/EditNoteOutlined';
import RateReviewIcon from '@mui/icons-material/RateReviewOutlined';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import { Badge, Box, IconButton, Tooltip } from '@mui/material';
import { useNotify, useRecordContext, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { ENABLED_STATUSES } from '../../../domain/certificates';
import type { CertificateRecord } from '../../dataProvider/certificates';
import { rowName } from './certificateLabels';
import { CertificateLinkActions } from './CertificateLinkActions';
import { useOpenCorrection } from './OperationScope';
import { campaignReportPath } from './paths';
import { isRenewable, isReplaceable } from './reissueModel';
import { useReissue, useRenew } from './ReissueScope';

/**
 * A certificate row's actions, in every report and on the search page (spec 002 section 2.1): its PDF (when the
 * template has PDFs), copy its link, view it in a new tab, and (template report, search) go to its campaign.
 */
export function CertificateRowActions({
  onPdf,
  showCampaign,
}: {
  onPdf: ((row: CertificateRecord) => void) | null;
  showCampaign: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const row = useRecordContext<CertificateRecord>();
  const reissue = useReissue();
  const renew = useRenew();
  const openCorrection = useOpenCorrection();
  if (!row) return null;
  const name = rowName(row);
  const correctionId = typeof row.CorrectionRequestId === 'number' ? row.CorrectionRequestId : null;
  const copy = () =>
    navigator.clipboard.writeText(row.url).then(
      () => notify('reports.link_copied', { type: 'info' }),
      () => notify('reports.link_copy_failed', { type: 'warning' }),
    );
  return (
    <Box sx={{ display: 'flex', justifyContent: 'flex-end', whiteSpace: 'nowrap' }}>
      {onPdf && (
        <Tooltip title={translate('reports.actions.pdf')}>
          <span>
            <IconButton
              size="small"
              disabled={!ENABLED_STATUSES.includes(row.StatusID)}
              onClick={() => onPdf(row)}
              aria-label={translate('reports.actions.pdf_of', { name })}
            >
              <PdfIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      <CertificateLinkActions url={row.url} name={name} onCopy={() => void copy()} />
      {reissue && (
        <Tooltip title={translate(row.RenewedBy ? 'reports.renew.already_renewed' : 'reports.reissue.action')}>
          <span>
            <IconButton
              size="small"
              disabled={!isReplaceable(row)}
              onClick={() => reissue([row], 0)}
              aria-label={translate('reports.reissue.action_of', { name })}
            >
              <EditNoteIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {renew && (
        <Tooltip title={translate(row.RenewedBy ? 'reports.renew.already_renewed' : 'reports.renew.action')}>
          <span>
            <IconButton
              size="small"
              disabled={!isRenewable(row)}
              onClick={() => renew([row], 0)}
              aria-label={translate('reports.renew.action_of', { name })}
            >
              <AutorenewIcon fontSize="small" />
            </IconButton>
          </span>
        </Tooltip>
      )}
      {correctionId !== null && (
        <Tooltip title={translate('reports.correction.action')}>
          <IconButton
            size="small"
            color="warning"
            onClick={() => openCorrection(correctionId, name)}
            aria-label={translate('reports.correction.action_of', { name })}
          >
            <Badge variant="dot" color="warning">
              <RateReviewIcon fontSize="small" />
            </Badge>
          </IconButton>
        </Tooltip>
      )}
      {showCampaign && (
        <Tooltip title={translate('reports.actions.campaign', { id: row.CampaignID })}>
          <IconButton
            size="small"
            component={Link}
            to={campaignReportPath(row.CampaignID)}
            aria-label={translate('reports.actions.campaign', { id: row.CampaignID })}
          >
            <CampaignIcon fontSize="small" />
          </IconButton>
        </Tooltip>
      )}
    </Box>
  );
}
