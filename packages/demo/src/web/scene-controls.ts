import type { ParamValues, SceneParam } from './protocol.js';

/** How a slider's change reaches the scene: `live` params go to the running scene, others rebuild it. */
export type ParamChange = (key: string, value: number, live: boolean) => void;

function format(p: SceneParam, v: number): string {
  const digits = p.step >= 1 ? 0 : p.step >= 0.1 ? 1 : 2;
  return `${v.toFixed(digits)}${p.unit !== undefined ? ` ${p.unit}` : ''}`;
}

/**
 * The scene's own sliders (its declared params) in `container`, set to `values`. Dragging a slider shows its value; a
 * live param is sent while it moves, any other when it is let go (the scene is built again then).
 */
export function renderSceneControls(
  container: HTMLElement,
  params: readonly SceneParam[],
  values: ParamValues,
  onChange: ParamChange,
): void {
  container.textContent = '';
  for (const p of params) {
    const row = document.createElement('label');
    row.className = 'param';
    const name = document.createElement('span');
    name.textContent = p.label;
    const out = document.createElement('output');
    const input = document.createElement('input');
    input.type = 'range';
    input.id = `param-${p.key}`;
    input.min = String(p.min);
    input.max = String(p.max);
    input.step = String(p.step);
    input.value = String(values[p.key] ?? p.value);
    out.textContent = format(p, Number(input.value));
    input.addEventListener('input', () => {
      out.textContent = format(p, Number(input.value));
      if (p.live === true) onChange(p.key, Number(input.value), true);
    });
    input.addEventListener('change', () => {
      if (p.live !== true) onChange(p.key, Number(input.value), false);
    });
    row.append(name, out, input);
    container.appendChild(row);
  }
  if (params.length === 0) {
    const none = document.createElement('div');
    none.className = 'desc';
    none.textContent = 'This scene has no settings of its own.';
    container.appendChild(none);
  }
}

/** Each param's default. */
export function defaultValues(params: readonly SceneParam[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const p of params) out[p.key] = p.value;
  return out;
}
