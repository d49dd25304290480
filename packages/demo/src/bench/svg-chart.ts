import { correctnessText, formatMs, OURS, type BenchReport } from './report.js';
import type { SceneRun } from './result.js';

const WIDTH = 760;
const LABEL_W = 110;
const RIGHT_W = 170;
const BAR_H = 18;
const GAP = 6;
/** The narrowest bar that holds its median's label (three or four digits at 12 px, about 26 px, and a margin). */
const LABEL_FITS_PX = 34;

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Horizontal bars of median ms/step on a log axis (engines differ by 30×), one panel per scene. Each bar carries its
 * own median, written inside its end; a whisker from the bar's end reaches to the p95, labelled after its tick. Our
 * engine in orange, peers in blue; where the correctness check failed, its text follows.
 */
export function svgChart(report: BenchReport): string {
  const byScene = new Map<string, SceneRun[]>();
  for (const r of report.runs) {
    if (!r.ok || r.mode !== 'scene') continue;
    const list = byScene.get(r.scene) ?? [];
    list.push(r);
    byScene.set(r.scene, list);
  }
  const parts: string[] = [];
  let y = 34;
  for (const [scene, runs] of byScene) {
    // The axis starts at least a factor of 3 below the fastest median, so that a bar is long enough for its label
    // (480 px × log10(3) / decades: 51 px over four and a half decades).
    const lo = Math.floor(Math.log10(Math.min(...runs.map((r) => r.ms.median)) / 3));
    const hiLog = Math.log10(Math.max(...runs.map((r) => r.ms.p95))) + 0.05;
    const decades = Math.max(1, hiLog - lo);
    const span = WIDTH - LABEL_W - RIGHT_W;
    const xOf = (ms: number): number => LABEL_W + (span * (Math.log10(Math.max(ms, 10 ** lo)) - lo)) / decades;
    parts.push(
      `<text x="10" y="${y + 14}" class="scene">${escapeXml(scene)}: ms per step (bar: median; whisker: p95; log scale)</text>`,
    );
    y += 24;
    const top = y;
    const bottom = y + runs.length * (BAR_H + GAP) - GAP;
    for (let d = lo; d <= Math.floor(hiLog); d++) {
      const x = xOf(10 ** d).toFixed(1);
      parts.push(
        `<line x1="${x}" x2="${x}" y1="${top - 2}" y2="${bottom + 2}" stroke="#dee2e6"/>`,
        `<text x="${x}" y="${bottom + 14}" text-anchor="middle" class="axis">${d >= 0 ? String(10 ** d) : (10 ** d).toFixed(-d)} ms</text>`,
      );
    }
    for (const r of runs) {
      const end = xOf(r.ms.median);
      const fill = r.engine === OURS ? '#e8590c' : '#4c6ef5';
      const p95x = Math.max(end, xOf(r.ms.p95));
      const mid = y + BAR_H / 2;
      // A failed correctness check follows the p95, cut to the chart's width (whole in the text's tooltip).
      const fullMark = r.correctness.ok ? '' : ` (${correctnessText(r)})`;
      const median = formatMs(r.ms.median);
      const inside = end - LABEL_W >= LABEL_FITS_PX;
      // Outside a short bar, the median comes first and the p95 label after it (about 7.5 px a character).
      const p95TextX = inside ? p95x + 6 : Math.max(p95x + 6, end + 10 + 7.5 * median.length);
      const p95Text = `p95 ${formatMs(r.ms.p95)}`;
      const room = Math.floor((WIDTH - 8 - p95TextX) / 6) - p95Text.length; // about 6 px a character at 11 px
      const mark = fullMark.length <= room ? fullMark : `${fullMark.slice(0, Math.max(0, room - 1))}…`;
      parts.push(
        `<text x="${LABEL_W - 8}" y="${y + 13}" text-anchor="end">${escapeXml(r.engine)}</text>`,
        `<rect x="${LABEL_W}" y="${y}" width="${Math.max(1, end - LABEL_W).toFixed(1)}" height="${BAR_H}" fill="${fill}"/>`,
        `<line x1="${end.toFixed(1)}" x2="${p95x.toFixed(1)}" y1="${mid}" y2="${mid}" stroke="#495057"/>`,
        `<line x1="${p95x.toFixed(1)}" x2="${p95x.toFixed(1)}" y1="${y + 4}" y2="${y + BAR_H - 4}" stroke="#495057" stroke-width="2"/>`,
        inside
          ? `<text x="${(end - 5).toFixed(1)}" y="${y + 13}" text-anchor="end" fill="white" class="median">${median}</text>`
          : `<text x="${(end + 4).toFixed(1)}" y="${y + 13}" class="median">${median}</text>`,
        `<text x="${p95TextX.toFixed(1)}" y="${y + 13}" class="p95">${p95Text}${escapeXml(mark)}${
          mark !== fullMark ? `<title>${escapeXml(fullMark.trim())}</title>` : ''
        }</text>`,
      );
      y += BAR_H + GAP;
    }
    y += 34;
  }
  const height = y;
  const title = `impulse2d benchmark — ${escapeXml(report.machineSummary)} — ${report.date.slice(0, 10)}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">`,
    '<defs><style>.scene{font-weight:bold;font-size:13px}.axis{fill:#868e96;font-size:10px}.median{font-weight:bold}.p95{fill:#495057;font-size:11px}</style></defs>',
    '<rect width="100%" height="100%" fill="white"/>',
    `<text x="10" y="20" font-size="14">${title}</text>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
