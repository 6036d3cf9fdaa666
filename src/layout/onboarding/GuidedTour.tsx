import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, IconButton, Paper, Popper, Typography } from '@mui/material';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { missingAcceptances } from '../../../domain/terms';
import { useCurrentUser } from '../../authProvider/useCurrentUser';
import { useOnboarding } from './OnboardingContext';
import {
  availableSteps,
  isTourDone,
  markTourDone,
  shouldStartTour,
  TOUR_DELAY_MS,
  TOUR_STEPS,
  tourAnchorSelector,
  type TourStep,
} from './tour';

const textKey = (step: TourStep) => `tour.steps.${step.anchor.replace(/-/g, '_')}`;

/**
 * The guided tour of spec 000 section 2.15: 750 ms after the page loads, for a free-trial account whose
 * questionnaire and terms are behind it, a card steps through the marked elements of the page. Closing it (or
 * finishing) marks it done on this browser; the help drawer's reset removes the mark.
 */
export function GuidedTour() {
  const { user } = useCurrentUser();
  const { loaded, visible } = useOnboarding();
  const [steps, setSteps] = useState<TourStep[] | null>(null);
  const eligible = shouldStartTour({
    plan: user?.plan,
    shellReady: loaded,
    onboardingVisible: visible,
    termsPending: !user || missingAcceptances(user).length > 0,
    done: isTourDone(),
  });

  useEffect(() => {
    if (!eligible) return;
    const timer = window.setTimeout(() => {
      const found = availableSteps(TOUR_STEPS, (step) => document.querySelector(tourAnchorSelector(step)) !== null);
      if (found.length === 0) console.error('The guided tour has no steps on this page');
      else setSteps(found);
    }, TOUR_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [eligible]);

  if (!steps) return null;
  return (
    <TourCard
      steps={steps}
      onClose={() => {
        markTourDone();
        setSteps(null);
      }}
    />
  );
}

function TourCard({ steps, onClose }: { steps: TourStep[]; onClose: () => void }) {
  const translate = useTranslate();
  const [index, setIndex] = useState(0);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [rect, setRect] = useState<DOMRect | null>(null);
  const step = steps[index];
  const last = index === steps.length - 1;
  const card = useRef<HTMLDivElement>(null);

  // the card takes the focus when it opens and at each step, so that the keyboard and a screen reader are on it;
  // the focus goes back where it was when the tour ends
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    return () => before?.focus();
  }, []);
  // the Popper's portal mounts the card after this component's effects: a callback ref focuses it when it appears
  const attachCard = useCallback((node: HTMLDivElement | null) => {
    card.current = node;
    node?.focus({ preventScroll: true });
  }, []);
  useEffect(() => {
    card.current?.focus({ preventScroll: true });
  }, [index]);

  useLayoutEffect(() => {
    const element = document.querySelector<HTMLElement>(tourAnchorSelector(step));
    element?.scrollIntoView({ block: 'nearest' });
    setAnchor(element);
    const measure = () => setRect(element?.getBoundingClientRect() ?? null);
    measure();
    window.addEventListener('resize', measure);
    window.addEventListener('scroll', measure, true);
    return () => {
      window.removeEventListener('resize', measure);
      window.removeEventListener('scroll', measure, true);
    };
  }, [step]);

  if (!anchor) return null;
  return (
    <>
      {rect && (
        <Box
          aria-hidden
          sx={{
            position: 'fixed',
            top: rect.top - 4,
            left: rect.left - 4,
            width: rect.width + 8,
            height: rect.height + 8,
            borderRadius: 2,
            border: 3,
            borderColor: 'secondary.main',
            pointerEvents: 'none',
            zIndex: (theme) => theme.zIndex.modal,
          }}
        />
      )}
      <Popper
        open
        anchorEl={anchor}
        placement="bottom-start"
        modifiers={[{ name: 'offset', options: { offset: [0, 12] } }]}
        sx={{ zIndex: (theme) => theme.zIndex.modal + 1 }}
      >
        <Paper
          ref={attachCard}
          tabIndex={-1}
          elevation={8}
          role="dialog"
          aria-labelledby="tour-title"
          aria-describedby="tour-body"
          onKeyDown={(event) => {
            if (event.key === 'Escape') onClose();
          }}
          sx={{ p: 2.5, width: 340, maxWidth: 'calc(100vw - 32px)', borderRadius: 2, '&:focus': { outline: 'none' } }}
        >
          <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
            <Box sx={{ flexGrow: 1 }}>
              <Typography variant="overline" color="primary" sx={{ lineHeight: 1.5 }}>
                {translate('tour.label')} · {translate('tour.count', { step: index + 1, total: steps.length })}
              </Typography>
              <Typography id="tour-title" variant="h6" component="h2" sx={{ fontSize: '1.05rem', mb: 0.75 }}>
                {translate(`${textKey(step)}.title`)}
              </Typography>
            </Box>
            <IconButton size="small" aria-label={translate('tour.close')} onClick={onClose} sx={{ mt: -0.5 }}>
              <CloseIcon fontSize="small" />
            </IconButton>
          </Box>
          <Typography id="tour-body" variant="body2" color="text.secondary">
            {translate(`${textKey(step)}.body`)}
          </Typography>
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 2 }}>
            <Button size="small" disabled={index === 0} onClick={() => setIndex(index - 1)}>
              {translate('tour.back')}
            </Button>
            <Button size="small" variant="contained" onClick={() => (last ? onClose() : setIndex(index + 1))}>
              {translate(last ? 'tour.done' : 'tour.next')}
            </Button>
          </Box>
        </Paper>
      </Popper>
    </>
  );
}
