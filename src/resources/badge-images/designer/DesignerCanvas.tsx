import Konva from 'konva';
import { memo, useEffect, useMemo, useRef, useState } from 'react';
import { Group, Image as KonvaImage, Layer, Path, Shape, Stage, Transformer } from 'react-konva';
import {
  CANVAS_SIZE,
  HIGHLIGHT_MS,
  normalizeRotation,
  splitColor,
  type BadgeElement,
  type IconElement,
  type ImageElement,
  type ShapeElement,
  type TextElement,
} from '../../../../domain/badgeImage/model';
import { drawnFont } from '../../../../domain/badgeImage/fonts';
import {
  fillGradient,
  iconDocument,
  SHADOW,
  shapePath,
  STROKE_UNIT,
  textLayout,
} from '../../../../domain/badgeImage/render';
import type { Designer } from './useDesigner';

/** Pixels per view-box unit: the -1..1 view box fills the 512 px canvas. */
const UNIT = CANVAS_SIZE / 2;
/** Texts are drawn 100 times larger in a group scaled back down, as in the SVG renderer. */
const TEXT_GRID = 100;

const rgba = (color: string) => {
  const { hex, opacity } = splitColor(color);
  const n = parseInt(hex.slice(1), 16);
  return `rgba(${(n >> 16) & 255},${(n >> 8) & 255},${n & 255},${opacity})`;
};

/** An image element's picture (or an icon's SVG) decoded for the canvas. */
function useLoadedImage(source: string | null): HTMLImageElement | null {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  useEffect(() => {
    if (!source) {
      setImage(null);
      return;
    }
    const element = new window.Image();
    let live = true;
    element.onload = () => live && setImage(element);
    element.src = source;
    return () => {
      live = false;
    };
  }, [source]);
  return image;
}

function ShapeNode({ shape }: { shape: ShapeElement }) {
  const d = shapePath(shape.shape, shape.width, shape.height);
  const fill =
    shape.fillType === 'twoColors'
      ? (() => {
          const g = fillGradient(shape);
          return {
            fillLinearGradientStartPoint: { x: g.from[0], y: g.from[1] },
            fillLinearGradientEndPoint: { x: g.to[0], y: g.to[1] },
            fillLinearGradientColorStops: g.stops.flatMap((s) => [s.offset, rgba(s.color)]),
          };
        })()
      : { fill: rgba(shape.fillColor) };
  // The outset shadow falls down and right on the page: its offset turned back into the rotated group.
  const angle = (-shape.rotate * Math.PI) / 180;
  const shadowX = SHADOW.dx * Math.cos(angle) - SHADOW.dy * Math.sin(angle);
  const shadowY = SHADOW.dx * Math.sin(angle) + SHADOW.dy * Math.cos(angle);
  return (
    <>
      {shape.shadow === 'outset' ? (
        <Path data={d} x={shadowX} y={shadowY} fill={`rgba(0,0,0,${SHADOW.opacity})`} listening={false} />
      ) : null}
      <Path
        data={d}
        {...fill}
        stroke={shape.strokeSize > 0 ? rgba(shape.strokeColor) : undefined}
        strokeWidth={shape.strokeSize * STROKE_UNIT}
      />
      {shape.shadow === 'inset' ? (
        <Path
          data={shapePath(shape.shape, shape.width * SHADOW.insetScale, shape.height * SHADOW.insetScale)}
          stroke={`rgba(0,0,0,${SHADOW.opacity})`}
          strokeWidth={SHADOW.insetWidth}
          listening={false}
        />
      ) : null}
    </>
  );
}

/** One context to measure glyphs with, outside any drawing. */
let measureContext: CanvasRenderingContext2D | null = null;

interface GlyphLayout {
  font: string;
  size: number;
  glyphs: { glyph: string; x: number; y: number; angle: number }[];
  /** The text's box in the 100x grid, big enough to grab the handles of a short or small text. */
  box: { x: number; y: number; width: number; height: number };
}

/**
 * Where each glyph goes, straight or on the arc (as SVG text and textPath lay them out), and the box around them:
 * the canvas draws from it and the selection box (the transformer's handles) is drawn around it.
 */
function layoutText(text: TextElement): GlyphLayout {
  const { fontSize, letterSpacing } = textLayout(text);
  const size = fontSize * TEXT_GRID;
  const spacing = letterSpacing * TEXT_GRID;
  const face = drawnFont(text.font);
  const font = `${face.style} ${face.weight} ${size}px "${face.family}"`;
  measureContext ??= document.createElement('canvas').getContext('2d')!;
  measureContext.font = font;
  const chars = [...text.text];
  const widths = chars.map((g) => measureContext!.measureText(g).width + spacing);
  const total = widths.reduce((a, b) => a + b, 0);
  const glyphs: GlyphLayout['glyphs'] = [];
  // the corners of each glyph's cell (ascent 0.8, descent 0.25 of the size), for the box
  const corners: [number, number][] = [];
  const cell = (x: number, y: number, angle: number, width: number) => {
    const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
    for (const [dx, dy] of [
      [-width / 2, -size * 0.8],
      [width / 2, -size * 0.8],
      [-width / 2, size * 0.25],
      [width / 2, size * 0.25],
    ])
      corners.push([x + dx * cos - dy * sin, y + dx * sin + dy * cos]);
  };
  if (text.radius === 0) {
    let x = -total / 2;
    chars.forEach((glyph, i) => {
      const width = widths[i] - spacing;
      glyphs.push({ glyph, x: x + width / 2, y: size * 0.35, angle: 0 });
      cell(x + width / 2, size * 0.35, 0, width);
      x += widths[i];
    });
  } else {
    const r = Math.abs(text.radius) * TEXT_GRID;
    const up = text.radius > 0;
    let s = -total / 2;
    chars.forEach((glyph, i) => {
      const width = widths[i] - spacing;
      const theta = (s + width / 2) / r;
      const x = r * Math.sin(theta);
      const y = up ? r - r * Math.cos(theta) : -r + r * Math.cos(theta);
      const angle = up ? theta : -theta;
      glyphs.push({ glyph, x, y, angle });
      cell(x, y, angle, width);
      s += widths[i];
    });
  }
  // at least 0.2 of the view box each way (about 50 px on the canvas): room for the eight handles
  const least = 0.2 * TEXT_GRID;
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  let [left, right, top, bottom] =
    corners.length > 0
      ? [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)]
      : [-least / 2, least / 2, -least / 2, least / 2];
  if (right - left < least) [left, right] = [(left + right) / 2 - least / 2, (left + right) / 2 + least / 2];
  if (bottom - top < least) [top, bottom] = [(top + bottom) / 2 - least / 2, (top + bottom) / 2 + least / 2];
  return { font, size, glyphs, box: { x: left, y: top, width: right - left, height: bottom - top } };
}

/** Straight or curved text drawn glyph by glyph like SVG text and textPath, in the 100x grid. */
const TextNode = memo(function TextNode({ text }: { text: TextElement }) {
  const face = drawnFont(text.font);
  const fontKey = `${face.style} ${face.weight} 10px "${face.family}"`;
  // a face not loaded yet is loaded, then the text is laid out again with it
  const [loaded, setLoaded] = useState(0);
  useEffect(() => {
    if (document.fonts.check(fontKey)) return;
    let live = true;
    void document.fonts.load(fontKey).then(() => live && setLoaded((n) => n + 1));
    return () => {
      live = false;
    };
  }, [fontKey]);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const layout = useMemo(() => layoutText(text), [text, loaded]);
  const color = rgba(text.color);
  const sceneFunc = (context: Konva.Context, node: Konva.Shape) => {
    const ctx = context._context;
    ctx.font = layout.font;
    ctx.fillStyle = color;
    ctx.textBaseline = 'alphabetic';
    ctx.textAlign = 'center';
    for (const { glyph, x, y, angle } of layout.glyphs) {
      if (angle === 0) ctx.fillText(glyph, x, y);
      else {
        ctx.save();
        ctx.translate(x, y);
        ctx.rotate(angle);
        ctx.fillText(glyph, 0, 0);
        ctx.restore();
      }
    }
    context.fillStrokeShape(node);
  };
  const hitFunc = (context: Konva.Context, node: Konva.Shape) => {
    const { x, y, width, height } = layout.box;
    context.beginPath();
    context.rect(x, y, width, height);
    context.closePath();
    context.fillStrokeShape(node);
  };
  return (
    <Group scaleX={1 / TEXT_GRID} scaleY={1 / TEXT_GRID}>
      <Shape
        sceneFunc={sceneFunc}
        hitFunc={hitFunc}
        ref={(node) => {
          // the box the transformer draws its handles around (a custom shape has none of its own)
          if (node) node.getSelfRect = () => layout.box;
        }}
      />
    </Group>
  );
});

function IconNode({ icon }: { icon: IconElement }) {
  const pixels = Math.max(32, Math.round(icon.scale * 2 * UNIT));
  const source = useMemo(() => {
    const document = iconDocument(icon, pixels);
    return document ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(document)}` : null;
  }, [icon, pixels]);
  const image = useLoadedImage(source);
  const half = icon.scale;
  return image ? <KonvaImage image={image} x={-half} y={-half} width={half * 2} height={half * 2} /> : null;
}

function ImageNode({ element }: { element: ImageElement }) {
  const image = useLoadedImage(element.image);
  if (!image) return null;
  // Fitted into the element's square, as preserveAspectRatio="xMidYMid meet" does in SVG.
  const side = element.scale * 2;
  const ratio = image.naturalWidth / image.naturalHeight || 1;
  const [w, h] = ratio >= 1 ? [side, side / ratio] : [side * ratio, side];
  return <KonvaImage image={image} x={-w / 2} y={-h / 2} width={w} height={h} />;
}

function ElementNode({ element }: { element: BadgeElement }) {
  switch (element.type) {
    case 'shape':
      return <ShapeNode shape={element} />;
    case 'text':
      return <TextNode text={element} />;
    case 'icon':
      return <IconNode icon={element} />;
    case 'image':
      return <ImageNode element={element} />;
  }
}

const round = (n: number) => Math.round(n * 1000) / 1000;

/** How far the rotation handle stands from the element's frame, in canvas pixels. */
const ROTATER_OFFSET = 30;

/**
 * The rotation handle stands above the element, or below it when the element reaches the canvas's top edge (a
 * large shape's handle would be cut off there); "above" follows the element when it is turned upside down.
 */
function placeRotater(transformer: Konva.Transformer, node: Konva.Node) {
  const box = node.getClientRect({ skipStroke: true });
  const room = ROTATER_OFFSET + 8;
  const below = box.y < room && box.y + box.height <= CANVAS_SIZE - room;
  const upsideDown = Math.abs(normalizeRotation(node.rotation())) > 90;
  transformer.rotateAnchorAngle(below !== upsideDown ? 180 : 0);
}

/**
 * The 512x512 canvas over the -1..1 view box: elements in stacking order, the selected one with handles. Drags
 * and handle moves are Konva's own until they end, then they become one change of the model.
 */
export function DesignerCanvas({ designer }: { designer: Designer }) {
  const { model, selected } = designer;
  const nodes = useRef(new Map<number, Konva.Group>());
  const transformer = useRef<Konva.Transformer>(null);

  // an image element without its picture has nothing to frame: no handles around an empty point
  const selectedElement = selected === null ? undefined : model.data[selected];
  const emptyImage = selectedElement?.type === 'image' && !selectedElement.image;
  useEffect(() => {
    const node = selected === null ? undefined : nodes.current.get(selected);
    transformer.current?.nodes(node && !emptyImage ? [node] : []);
    if (!node) return;
    // The 0.75 s highlight of a newly selected element: it dims and comes back.
    const tween = new Konva.Tween({
      node,
      opacity: 0.35,
      duration: HIGHLIGHT_MS / 2000,
      onFinish: () => tween.reverse(),
    });
    tween.play();
    return () => {
      tween.destroy();
      node.opacity(1);
    };
  }, [selected, model.data.length, emptyImage]);

  // after every change of the model (a drag, a slider), the rotation handle keeps to the side with room
  useEffect(() => {
    const node = selected === null ? undefined : nodes.current.get(selected);
    if (node && transformer.current) placeRotater(transformer.current, node);
  }, [selected, model]);

  function writeBack(index: number, node: Konva.Group) {
    const element = model.data[index];
    const [sx, sy] = [node.scaleX(), node.scaleY()];
    node.scale({ x: 1, y: 1 });
    const base = { x: round(node.x()), y: round(node.y()), rotate: round(normalizeRotation(node.rotation())) };
    if (element.type === 'shape') {
      // width and height together: the linked ratio rule only applies when one of them changes alone
      designer.update(index, {
        ...base,
        width: round(element.width * sx),
        height: round(element.height * sy),
      } as Partial<BadgeElement>);
    } else designer.update(index, { ...base, scale: round(element.scale * sx) } as Partial<BadgeElement>);
  }

  const isShapeSelected = selected !== null && model.data[selected]?.type === 'shape';
  return (
    <Stage
      width={CANVAS_SIZE}
      height={CANVAS_SIZE}
      onMouseDown={(event) => {
        if (event.target === event.target.getStage()) designer.select(null);
      }}
    >
      <Layer x={UNIT} y={UNIT} scaleX={UNIT} scaleY={UNIT}>
        {model.data.map((element, index) => (
          <Group
            key={index}
            ref={(node) => {
              if (node) nodes.current.set(index, node);
              else nodes.current.delete(index);
            }}
            x={element.x}
            y={element.y}
            rotation={element.rotate}
            draggable
            dragBoundFunc={(position) => ({
              x: Math.min(CANVAS_SIZE, Math.max(0, position.x)),
              y: Math.min(CANVAS_SIZE, Math.max(0, position.y)),
            })}
            onMouseDown={() => selected !== index && designer.select(index)}
            onDragEnd={() => writeBack(index, nodes.current.get(index)!)}
            onTransformEnd={() => writeBack(index, nodes.current.get(index)!)}
          >
            <ElementNode element={element} />
          </Group>
        ))}
        <Transformer
          ref={transformer}
          keepRatio={!isShapeSelected || Boolean((model.data[selected!] as ShapeElement | undefined)?.linkWidthHeight)}
          rotationSnaps={[0, 45, 90, 135, 180, 225, 270, 315]}
          ignoreStroke
          anchorSize={9}
          rotateAnchorOffset={ROTATER_OFFSET}
          borderStroke="#1976d2"
          anchorStroke="#1976d2"
        />
      </Layer>
    </Stage>
  );
}
