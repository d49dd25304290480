import { LineChart } from './chart.js';
import type { ProfileSample } from './protocol.js';

const STAGES = [
  { key: 'total', label: 'total', color: '#e6e9ef' },
  { key: 'broadphase', label: 'broadphase', color: '#5aa9ff' },
  { key: 'narrowphase', label: 'narrowphase', color: '#f2a65a' },
  { key: 'prepare', label: 'prepare', color: '#b48ef0' },
  { key: 'solve', label: 'solve', color: '#7bd389' },
  { key: 'continuous', label: 'continuous', color: '#4fd1c5' },
  { key: 'finalize', label: 'finalize', color: '#e76f8f' },
] as const satisfies readonly { key: keyof ProfileSample; label: string; color: string }[];
const COUNTS = [
  { key: 'bodyCount', label: 'bodies', color: '#e6e9ef' },
  { key: 'awakeBodyCount', label: 'awake bodies', color: '#5aa9ff' },
  { key: 'contactCount', label: 'contacts', color: '#f2a65a' },
  { key: 'touchingCount', label: 'touching', color: '#7bd389' },
] as const satisfies readonly { key: keyof ProfileSample; label: string; color: string }[];

function makeTable(
  table: HTMLTableElement,
  rows: readonly { key: string; label: string; color: string }[],
  prefix: string,
): Map<string, HTMLTableCellElement> {
  const cells = new Map<string, HTMLTableCellElement>();
  for (const r of rows) {
    const tr = table.insertRow();
    const name = tr.insertCell();
    name.innerHTML = `<span class="sw" style="background:${r.color}"></span>${r.label}`;
    const value = tr.insertCell();
    value.id = `${prefix}-${r.key}`;
    value.textContent = '–';
    cells.set(r.key, value);
  }
  return cells;
}

/** The sidebar's live profile: charts and tables of the per-stage milliseconds of `getProfile` and of the counts. */
export class ProfilePanel {
  private readonly msChart: LineChart;
  private readonly countChart: LineChart;
  private readonly stageTable: Map<string, HTMLTableCellElement>;
  private readonly countTable: Map<string, HTMLTableCellElement>;

  constructor($: (id: string) => HTMLElement) {
    this.msChart = new LineChart($('chart-ms') as HTMLCanvasElement, STAGES, 240);
    this.countChart = new LineChart($('chart-counts') as HTMLCanvasElement, COUNTS, 240);
    this.stageTable = makeTable($('stage-table') as HTMLTableElement, STAGES, 'stat');
    this.countTable = makeTable($('count-table') as HTMLTableElement, COUNTS, 'count');
  }

  clear(): void {
    this.msChart.clear();
    this.countChart.clear();
  }

  push(p: ProfileSample): void {
    this.msChart.push(STAGES.map((s) => p[s.key]));
    this.countChart.push(COUNTS.map((s) => p[s.key]));
    STAGES.forEach((s, k) => {
      this.stageTable.get(s.key)!.textContent =
        `${this.msChart.latest(k).toFixed(3)}  (avg ${this.msChart.mean(k).toFixed(2)})`;
    });
    COUNTS.forEach((s, k) => {
      this.countTable.get(s.key)!.textContent = String(this.countChart.latest(k));
    });
  }

  draw(): void {
    this.msChart.draw();
    this.countChart.draw();
  }
}
