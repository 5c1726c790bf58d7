/** Whole turns the wheel makes before it lands. */
export const TURNS = 6;

/** The rotation that brings segment `index` of `count` under the pointer at the top, a few whole turns on from `from`. */
export function rotationFor(from: number, index: number, count: number): number {
  const segment = 360 / count;
  const target = (360 - (index + 0.5) * segment) % 360;
  const delta = (target - (from % 360) + 360) % 360;
  return from + TURNS * 360 + delta;
}

/** One segment of the wheel (radius 96, centre 0 0), clockwise from the top, as an SVG path. */
export function slicePath(index: number, segment: number): string {
  const point = (deg: number) => {
    const rad = ((deg - 90) * Math.PI) / 180;
    return `${(96 * Math.cos(rad)).toFixed(2)} ${(96 * Math.sin(rad)).toFixed(2)}`;
  };
  const large = segment > 180 ? 1 : 0;
  return `M0 0 L${point(index * segment)} A96 96 0 ${large} 1 ${point((index + 1) * segment)} Z`;
}
