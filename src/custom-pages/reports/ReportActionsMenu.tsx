import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import BlockIcon from '@mui/icons-material/BlockOutlined';
import CheckCircleIcon from '@mui/icons-material/CheckCircleOutline';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import MailIcon from '@mui/icons-material/MailOutline';
import PdfIcon from '@mui/icons-material/PictureAsPdfOutlined';
import TableIcon from '@mui/icons-material/TableViewOutlined';
import { Button, Divider, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import type { CertificateOperation } from '../../../domain/certificates';

const OPERATION_ICONS: Record<CertificateOperation, ReactNode> = {
  disable: <BlockIcon fontSize="small" />,
  enable: <CheckCircleIcon fontSize="small" />,
  delete: <DeleteIcon fontSize="small" color="error" />,
};

/**
 * The report's action dropdown: the status operations the user may do (each enabled when the selection holds
 * a certificate it applies to), sending the selection by email, the selection's PDFs (more than one printable
 * line) and the spreadsheet export of the current filter.
 */
export function ReportActionsMenu({
  operations,
  offered,
  onOperation,
  emailSelection,
  onEmailSelection,
  pdfSelection,
  onPdfSelection,
  onExport,
  busy,
}: {
  /** operations this user may do on this template at all */
  operations: readonly CertificateOperation[];
  /** those the selection allows */
  offered: readonly CertificateOperation[];
  onOperation: (operation: CertificateOperation) => void;
  /** null hides the item (a Reader), false disables it */
  emailSelection: boolean | null;
  onEmailSelection: () => void;
  /** shows the item: the template has PDFs and more than one printable line is selected (spec 002 section 5) */
  pdfSelection: boolean;
  onPdfSelection: () => void;
  onExport: () => void;
  busy: boolean;
}) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const act = (action: () => void) => () => {
    setAnchor(null);
    action();
  };
  return (
    <>
      <Button
        variant="outlined"
        endIcon={<ArrowDropDownIcon />}
        onClick={(event) => setAnchor(event.currentTarget)}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        disabled={busy}
      >
        {translate('reports.actions.menu')}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {operations.map((operation) => (
          <MenuItem key={operation} disabled={!offered.includes(operation)} onClick={act(() => onOperation(operation))}>
            <ListItemIcon>{OPERATION_ICONS[operation]}</ListItemIcon>
            <ListItemText>{translate(`reports.operations.${operation}_selection`)}</ListItemText>
          </MenuItem>
        ))}
        {emailSelection !== null && (
          <MenuItem disabled={!emailSelection} onClick={act(onEmailSelection)}>
            <ListItemIcon>
              <MailIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('reports.actions.email_selection')}</ListItemText>
          </MenuItem>
        )}
        {pdfSelection && (
          <MenuItem onClick={act(onPdfSelection)}>
            <ListItemIcon>
              <PdfIcon fontSize="small" />
            </ListItemIcon>
            <ListItemText>{translate('reports.actions.pdf_selection')}</ListItemText>
          </MenuItem>
        )}
        {(operations.length > 0 || emailSelection !== null || pdfSelection) && <Divider />}
        <MenuItem onClick={act(onExport)}>
          <ListItemIcon>
            <TableIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{translate('reports.actions.export_xlsx')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
