// The fenced code blocks of the user guide and README, each with the marker comment that names what it is. A block's
// marker is the HTML comment on the last non-blank line before it: `<!-- example: PATH -->` (the block is the file at
// PATH, relative to the Markdown file) or `<!-- install: NAME -->` (commands that packed-install.test.ts runs).
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const guideDir = join(repoRoot, 'docs/guide');

export interface DocBlock {
  /** The Markdown file, relative to the repository root. */
  readonly doc: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** The fence's info string (`js`, `ts`, `sh`, …). */
  readonly lang: string;
  /** The block's text, each line ending with a newline. */
  readonly text: string;
  /** `example` or `install`, or null for a block with no marker. */
  readonly kind: 'example' | 'install' | null;
  /** The marker's argument: the example's path (absolute) or the install step's name. */
  readonly target: string;
}

const MARKER = /^<!-- (example|install): (\S+) -->$/;

/** Every fenced block of one Markdown file (by path relative to the repository root). */
export function docBlocks(doc: string): DocBlock[] {
  const lines = readFileSync(join(repoRoot, doc), 'utf8').split('\n');
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^```(\S*)$/.exec(lines[i]);
    if (!open) continue;
    let end = i + 1;
    while (end < lines.length && lines[end] !== '```') end++;
    let before = i - 1;
    while (before >= 0 && lines[before].trim() === '') before--;
    const marker = before >= 0 ? MARKER.exec(lines[before]) : null;
    const kind = marker ? (marker[1] as 'example' | 'install') : null;
    const target = !marker ? '' : kind === 'example' ? resolve(dirname(join(repoRoot, doc)), marker[2]) : marker[2];
    const body = lines.slice(i + 1, end);
    blocks.push({ doc, line: i + 1, lang: open[1], text: body.map((l) => l + '\n').join(''), kind, target });
    i = end;
  }
  return blocks;
}

/** The guide's pages (relative to the repository root), the index first. */
export function guidePages(): string[] {
  const pages = readdirSync(guideDir).filter((f) => f.endsWith('.md'));
  return pages
    .sort((a, b) => (a === 'README.md' ? -1 : b === 'README.md' ? 1 : a.localeCompare(b)))
    .map((f) => `docs/guide/${f}`);
}

/** The install step `name` of the guide's getting-started page: its command lines. */
export function installStep(name: string, doc = 'docs/guide/getting-started.md'): string[] {
  const block = docBlocks(doc).find((b) => b.kind === 'install' && b.target === name);
  if (!block) throw new Error(`${doc} has no block marked <!-- install: ${name} -->`);
  return block.text.split('\n').filter((l) => l.trim() !== '');
}
