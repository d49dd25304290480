import { formatMs, OURS, type BenchReport } from './report.js';
import type { SceneRun } from './result.js';

const WIDTH = 760;
const LABEL_W = 130;
const BAR_H = 18;
const GAP = 6;
const VALUE_W = 90;

const escapeXml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Horizontal bars of median ms/step, one panel per scene on its own scale (scenes differ by 10×), with a tick at p95.
 * Our engine in orange, peers in blue; an engine whose scene did not stand is hatched grey and marked.
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
    const max = Math.max(...runs.map((r) => r.ms.p95));
    const scale = (WIDTH - LABEL_W - VALUE_W - 10) / (max > 0 ? max : 1);
    parts.push(`<text x="10" y="${y + 14}" class="scene">${escapeXml(scene)} (ms per step, median; tick at p95)</text>`);
    y += 24;
    for (const r of runs) {
      const w = Math.max(1, r.ms.median * scale);
      const fill = !r.correctness.ok ? 'url(#hatch)' : r.engine === OURS ? '#e8590c' : '#4c6ef5';
      const p95x = LABEL_W + r.ms.p95 * scale;
      const mark = r.correctness.ok ? '' : ' (fell)';
      parts.push(
        `<text x="${LABEL_W - 8}" y="${y + 13}" text-anchor="end">${escapeXml(r.engine)}</text>`,
        `<rect x="${LABEL_W}" y="${y}" width="${w.toFixed(1)}" height="${BAR_H}" fill="${fill}"/>`,
        `<line x1="${p95x.toFixed(1)}" x2="${p95x.toFixed(1)}" y1="${y + 3}" y2="${y + BAR_H - 3}" stroke="#333"/>`,
        `<text x="${(LABEL_W + w + 6).toFixed(1)}" y="${y + 13}">${formatMs(r.ms.median)}${mark}</text>`,
      );
      y += BAR_H + GAP;
    }
    y += 14;
  }
  const height = y + 20;
  const title = `impulse2d benchmark — ${escapeXml(report.machineSummary)} — ${report.date.slice(0, 10)}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" font-family="sans-serif" font-size="12">`,
    '<defs><pattern id="hatch" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">',
    '<rect width="6" height="6" fill="#ced4da"/><line x1="0" y1="0" x2="0" y2="6" stroke="#868e96" stroke-width="3"/></pattern>',
    '<style>.scene{font-weight:bold;font-size:13px}</style></defs>',
    `<rect width="100%" height="100%" fill="white"/>`,
    `<text x="10" y="20" font-size="14">${title}</text>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n');
}
