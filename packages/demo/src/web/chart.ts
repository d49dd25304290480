/** A small hand-written line chart on a canvas: a fixed window of samples per series, autoscaled y axis. */
export interface Series {
  readonly label: string;
  readonly color: string;
}

export class LineChart {
  private readonly data: Float64Array[];
  private head = 0;
  private filled = 0;

  constructor(
    private readonly canvas: HTMLCanvasElement,
    readonly series: readonly Series[],
    private readonly capacity = 240,
  ) {
    this.data = series.map(() => new Float64Array(capacity));
  }

  push(values: readonly number[]): void {
    for (let k = 0; k < this.series.length; k++) this.data[k][this.head] = values[k] ?? 0;
    this.head = (this.head + 1) % this.capacity;
    this.filled = Math.min(this.filled + 1, this.capacity);
  }

  clear(): void {
    this.head = 0;
    this.filled = 0;
  }

  /** Mean of the last `n` samples of series k. */
  mean(k: number, n = 60): number {
    const m = Math.min(n, this.filled);
    if (m === 0) return 0;
    let sum = 0;
    for (let i = 1; i <= m; i++) sum += this.data[k][(this.head - i + this.capacity) % this.capacity];
    return sum / m;
  }

  latest(k: number): number {
    return this.filled === 0 ? 0 : this.data[k][(this.head - 1 + this.capacity) % this.capacity];
  }

  draw(): void {
    const c = this.canvas;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(c.clientWidth * dpr));
    const h = Math.max(1, Math.round(c.clientHeight * dpr));
    if (c.width !== w || c.height !== h) {
      c.width = w;
      c.height = h;
    }
    const ctx = c.getContext('2d')!;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    const cw = c.clientWidth;
    const ch = c.clientHeight;
    ctx.clearRect(0, 0, cw, ch);
    let max = 0;
    for (const d of this.data)
      for (let i = 0; i < this.filled; i++)
        max = Math.max(max, d[(this.head - 1 - i + 2 * this.capacity) % this.capacity]);
    const top = niceCeil(max);
    const padL = 34;
    const padT = 6;
    const padB = 6;
    const plotW = cw - padL - 4;
    const plotH = ch - padT - padB;
    ctx.font = '10px ui-monospace, monospace';
    ctx.textAlign = 'right';
    ctx.textBaseline = 'middle';
    for (let g = 0; g <= 4; g++) {
      const y = padT + plotH - (g / 4) * plotH;
      ctx.strokeStyle = g === 0 ? '#3a404c' : '#252a33';
      ctx.lineWidth = 1;
      ctx.beginPath();
      ctx.moveTo(padL, Math.round(y) + 0.5);
      ctx.lineTo(cw - 4, Math.round(y) + 0.5);
      ctx.stroke();
      ctx.fillStyle = '#7d8597';
      ctx.fillText(formatTick((top * g) / 4), padL - 4, y);
    }
    const dx = plotW / Math.max(1, this.capacity - 1);
    for (let k = 0; k < this.series.length; k++) {
      const d = this.data[k];
      ctx.strokeStyle = this.series[k].color;
      ctx.lineWidth = k === 0 ? 1.6 : 1.2;
      ctx.beginPath();
      for (let i = 0; i < this.filled; i++) {
        const v = d[(this.head - this.filled + i + this.capacity) % this.capacity];
        const x = padL + (this.capacity - this.filled + i) * dx;
        const y = padT + plotH - (top > 0 ? (v / top) * plotH : 0);
        if (i === 0) ctx.moveTo(x, y);
        else ctx.lineTo(x, y);
      }
      ctx.stroke();
    }
  }
}

function niceCeil(v: number): number {
  if (!(v > 0)) return 1;
  const p = Math.pow(10, Math.floor(Math.log10(v)));
  for (const m of [1, 2, 2.5, 5, 10]) if (m * p >= v) return m * p;
  return 10 * p;
}

function formatTick(v: number): string {
  if (v === 0) return '0';
  if (v >= 1000) return `${(v / 1000).toFixed(v >= 10000 ? 0 : 1)}k`;
  if (v >= 10) return v.toFixed(0);
  if (v >= 1) return v.toFixed(1);
  return v.toFixed(2);
}
