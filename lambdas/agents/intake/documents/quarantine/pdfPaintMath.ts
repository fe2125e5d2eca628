/** The small geometry and colour arithmetic the glyph-visibility replay needs (PDF user space, RGB 0–1). */

export type Matrix = [number, number, number, number, number, number];
export type Rgb = [number, number, number];

export const IDENTITY: Matrix = [1, 0, 0, 1, 0, 0];
export const WHITE: Rgb = [1, 1, 1];

export function multiply(m: readonly number[], n: readonly number[]): Matrix {
  return [
    m[0] * n[0] + m[1] * n[2],
    m[0] * n[1] + m[1] * n[3],
    m[2] * n[0] + m[3] * n[2],
    m[2] * n[1] + m[3] * n[3],
    m[4] * n[0] + m[5] * n[2] + n[4],
    m[4] * n[1] + m[5] * n[3] + n[5],
  ];
}

export function apply(m: readonly number[], x: number, y: number): [number, number] {
  return [x * m[0] + y * m[2] + m[4], x * m[1] + y * m[3] + m[5]];
}

/**
 * The first `count` entries of an array or typed array (PDF.js passes both), when there are that many
 * and all are finite numbers. Read in place: this runs for every transform of every page.
 */
export function finiteNumbers(value: unknown, count: number): number[] | undefined {
  if (!value || typeof value !== 'object' || !('length' in value)) return undefined;
  const list = value as ArrayLike<unknown>;
  if (list.length < count) return undefined;
  const out = new Array<number>(count);
  for (let i = 0; i < count; i++) {
    const n = list[i];
    if (typeof n !== 'number' || !Number.isFinite(n)) return undefined;
    out[i] = n;
  }
  return out;
}

export function toMatrix(value: unknown): Matrix | undefined {
  return finiteNumbers(value, 6) as Matrix | undefined;
}

export function num(value: unknown, fallback = 0): number {
  return typeof value === 'number' && Number.isFinite(value) ? value : fallback;
}

/** `#rrggbb` (PDF.js 3+) or three 0–255 components (older builds). */
export function parseRgb(args: unknown): Rgb | null {
  const list = Array.isArray(args) ? args : [];
  const first = list[0];
  if (typeof first === 'string') {
    const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(first);
    return m ? [parseInt(m[1], 16) / 255, parseInt(m[2], 16) / 255, parseInt(m[3], 16) / 255] : null;
  }
  if (list.length >= 3 && list.slice(0, 3).every((n) => typeof n === 'number')) {
    const scale = list.slice(0, 3).some((n) => (n as number) > 1) ? 255 : 1;
    return [(list[0] as number) / scale, (list[1] as number) / scale, (list[2] as number) / scale];
  }
  return null;
}

export function parseGray(args: unknown): Rgb | null {
  const g = Array.isArray(args) ? args[0] : undefined;
  return typeof g === 'number' ? [g, g, g] : null;
}

export function parseCmyk(args: unknown): Rgb | null {
  const list = Array.isArray(args) ? args : [];
  if (list.length < 4 || !list.every((n) => typeof n === 'number')) return null;
  const [c, m, y, k] = list as number[];
  return [(1 - c) * (1 - k), (1 - m) * (1 - k), (1 - y) * (1 - k)];
}

/** An sRGB component as linear light (WCAG). Not a closure: luminance runs for every text operation. */
function linear(c: number): number {
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

export function luminance([r, g, b]: Rgb): number {
  return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
}

/** WCAG contrast ratio, 1 (same) to 21 (black on white). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const la = luminance(a);
  const lb = luminance(b);
  return (Math.max(la, lb) + 0.05) / (Math.min(la, lb) + 0.05);
}

export function blend(top: Rgb, alpha: number, under: Rgb): Rgb {
  return [alpha * top[0] + (1 - alpha) * under[0], alpha * top[1] + (1 - alpha) * under[1], alpha * top[2] + (1 - alpha) * under[2]];
}

export const hex = (c: Rgb) => `#${c.map((v) => Math.round(Math.min(1, Math.max(0, v)) * 255).toString(16).padStart(2, '0')).join('')}`;

export function boxOf(ctm: Matrix, x0: number, y0: number, x1: number, y1: number): [number, number, number, number] {
  const corners = [apply(ctm, x0, y0), apply(ctm, x1, y0), apply(ctm, x0, y1), apply(ctm, x1, y1)];
  const xs = corners.map((c) => c[0]);
  const ys = corners.map((c) => c[1]);
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

export const contains = (box: readonly number[], x: number, y: number) => x >= box[0] && x <= box[2] && y >= box[1] && y <= box[3];
