import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import { Box } from '@mui/material';
import { useEffect, useMemo, useReducer } from 'react';
import { raceLost, raceThumbnail, startRace, thumbnailSources } from './templateThumbnail';

/**
 * The card's thumbnail, a link to the public template page in a new tab. Sources race (see thumbnailSources):
 * the first image to load is shown, the others are dropped; the placeholder stays when every source fails.
 */
export function TemplateThumbnail(props: {
  issuerId: number;
  templateId: number;
  thumbnail: string | null;
  /** the list's preview token: the server draws a template that is not public yet only with it */
  previewToken?: string;
  label: string;
  href: string;
  linkLabel: string;
}) {
  const { issuerId, templateId, thumbnail, previewToken } = props;
  const sources = useMemo(
    () => thumbnailSources(issuerId, templateId, thumbnail, previewToken),
    [issuerId, templateId, thumbnail, previewToken],
  );
  const [race, dispatch] = useReducer(raceThumbnail, sources, startRace);

  useEffect(() => {
    const timers = sources
      .filter((source) => source.delay > 0)
      .map((source) => setTimeout(() => dispatch({ kind: 'start', src: source.src }), source.delay));
    return () => timers.forEach(clearTimeout);
  }, [sources]);

  const candidates = race.winner === null ? race.started.filter((src) => !race.failed.includes(src)) : [race.winner];
  return (
    <Box
      component="a"
      href={props.href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={props.linkLabel}
      data-testid="template-thumbnail"
      sx={{
        position: 'relative',
        display: 'block',
        aspectRatio: '16 / 9',
        overflow: 'hidden',
        bgcolor: 'action.hover',
        background: (theme) =>
          `linear-gradient(135deg, ${theme.palette.primary.main}22, ${theme.palette.secondary.main}33)`,
      }}
    >
      {race.winner === null && (
        <Box sx={{ position: 'absolute', inset: 0, display: 'grid', placeItems: 'center' }} aria-hidden="true">
          <WorkspacePremiumIcon
            sx={{ fontSize: 56, color: raceLost(race, sources) ? 'text.disabled' : 'primary.main', opacity: 0.7 }}
          />
        </Box>
      )}
      {candidates.map((src) => (
        <Box
          key={src}
          component="img"
          src={src}
          alt={props.label}
          loading="lazy"
          decoding="async"
          aria-hidden={race.winner === src ? undefined : true}
          onLoad={() => dispatch({ kind: 'load', src })}
          onError={() => dispatch({ kind: 'error', src })}
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'contain',
            opacity: race.winner === src ? 1 : 0,
          }}
        />
      ))}
    </Box>
  );
}
