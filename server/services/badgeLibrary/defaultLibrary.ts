import {
  MODEL_VERSION,
  newElement,
  type BadgeElement,
  type BadgeModel,
  type IconElement,
  type ShapeElement,
  type TextElement,
} from '../../../domain/badgeImage/model';
import { findIcon } from './icons';

/**
 * The default library every issuer starts with (spec 002 section 9): seven designs drawn by us as models, so the
 * issuer can open and change them in the designer like its own.
 */

const shape = (patch: Partial<ShapeElement>): ShapeElement => ({ ...newElement('shape'), ...patch });
const text = (value: string, patch: Partial<TextElement>): TextElement => ({
  ...newElement('text'),
  text: value,
  ...patch,
  font: { family: 'DejaVu Sans', weight: 700, style: 'normal', ...patch.font },
});
const icon = (svg: string, patch: Partial<IconElement>): IconElement => ({ ...newElement('icon', svg), ...patch });
const model = (...data: BadgeElement[]): BadgeModel => ({ version: MODEL_VERSION, data });
const WHITE = '#FFFFFFFF';

export function defaultLibrary(): { name: string; model: BadgeModel }[] {
  return [
    {
      name: 'bachelor',
      model: model(
        shape({
          shape: 'shield',
          width: 1.6,
          height: 1.8,
          fillType: 'twoColors',
          fillColor: '#1E3A8AFF',
          fill2Color: '#3B82F6FF',
          strokeColor: '#172554FF',
          shadow: 'outset',
        }),
        shape({ shape: 'star', width: 0.36, height: 0.36, y: 0.5, fillColor: '#F59E0BFF', strokeSize: 0 }),
        text('BACHELOR', { y: -0.5, radius: 0.7, scale: 0.3, letterSpacing: 0.2, color: WHITE }),
        icon(findIcon('heroicons', 'outline', 'academic-cap'), { scale: 0.36, y: -0.02, color: WHITE }),
      ),
    },
    {
      name: 'blockchain',
      model: model(
        shape({ shape: 'hexagon', width: 1.9, height: 1.9, fillColor: '#0F766EFF', strokeColor: '#134E4AFF' }),
        shape({ shape: 'hexagon', width: 1.5, height: 1.5, fillColor: '#14B8A6FF', strokeSize: 0, shadow: 'inset' }),
        text('BLOCKCHAIN', { y: 0.42, scale: 0.22, letterSpacing: 0.1, color: WHITE }),
        icon(findIcon('lucide', 'outline', 'blocks'), { scale: 0.32, y: -0.12, color: WHITE }),
      ),
    },
    {
      name: 'project-manager',
      model: model(
        shape({
          shape: 'circle',
          width: 1.9,
          height: 1.9,
          fillColor: '#7C2D12FF',
          strokeColor: '#F97316FF',
          strokeSize: 0.4,
        }),
        shape({ shape: 'circle', width: 1.3, height: 1.3, fillColor: '#EA580CFF', strokeSize: 0 }),
        text('PROJECT', { y: -0.7, radius: 0.72, scale: 0.22, letterSpacing: 0.2, color: WHITE }),
        text('MANAGER', { y: 0.84, radius: -0.72, scale: 0.22, letterSpacing: 0.2, color: WHITE }),
        icon(findIcon('lucide', 'outline', 'clipboard-list'), { scale: 0.34, color: WHITE }),
      ),
    },
    {
      name: 'sales-strategy',
      model: model(
        shape({
          shape: 'octagon',
          width: 1.9,
          height: 1.9,
          fillType: 'twoColors',
          fillColor: '#15803DFF',
          fill2Color: '#166534FF',
          colorOrientation: 'diagonal',
          gradiant: false,
          strokeSize: 0,
          shadow: 'outset',
        }),
        text('SALES', { y: 0.36, scale: 0.26, letterSpacing: 0.15, color: WHITE }),
        text('STRATEGY', { y: 0.58, scale: 0.16, letterSpacing: 0.3, color: '#BBF7D0FF' }),
        icon(findIcon('lucide', 'outline', 'trending-up'), {
          scale: 0.36,
          y: -0.2,
          color: WHITE,
          editThickness: true,
          thickness: 2.5,
        }),
      ),
    },
    {
      name: 'security',
      model: model(
        shape({
          shape: 'shield',
          width: 1.6,
          height: 1.85,
          fillColor: '#111827FF',
          strokeColor: '#9CA3AFFF',
          strokeSize: 0.35,
        }),
        text('SECURITY', { y: 0.4, scale: 0.24, letterSpacing: 0.15, color: '#E5E7EBFF' }),
        icon(findIcon('heroicons', 'outline', 'shield-check'), { scale: 0.36, y: -0.15, color: '#22C55EFF' }),
      ),
    },
    {
      name: 'thinker',
      model: model(
        shape({
          shape: 'circle',
          width: 1.9,
          height: 1.9,
          fillColor: '#6D28D9FF',
          strokeColor: '#C4B5FDFF',
          strokeSize: 0.25,
        }),
        shape({ shape: 'star', width: 0.3, height: 0.3, x: 0.52, y: -0.45, fillColor: '#FDE68AFF', strokeSize: 0 }),
        text('THINKER', { y: -0.62, radius: 0.66, scale: 0.24, letterSpacing: 0.25, color: WHITE }),
        icon(findIcon('lucide', 'outline', 'brain'), { scale: 0.42, y: 0.08, color: WHITE }),
      ),
    },
    {
      name: 'webanalyst',
      model: model(
        shape({
          shape: 'rounded',
          width: 1.8,
          height: 1.8,
          fillType: 'twoColors',
          fillColor: '#0369A1FF',
          fill2Color: '#0EA5E9FF',
          colorOrientation: 'horizontal',
          strokeSize: 0,
        }),
        text('WEB ANALYST', { y: 0.55, scale: 0.2, letterSpacing: 0.1, color: WHITE }),
        icon(findIcon('heroicons', 'solid', 'chart-pie'), { scale: 0.4, y: -0.1, color: '#F0F9FFFF' }),
      ),
    },
  ];
}
