// Every name the public entry points export (those TypeDoc documents: typedoc.json's entryPoints) carries a TSDoc
// description. TypeDoc's own notDocumented check let functions without one through (it did not flag
// setLinearVelocity), so this test asks the TypeScript compiler for each export's documentation comment.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const config = JSON.parse(readFileSync(`${root}typedoc.json`, 'utf8')) as { entryPoints: string[] };

/** For each entry point, its exported names that have no documentation comment on any declaration. */
function undocumented(): Record<string, string[]> {
  const files = config.entryPoints.map((e) => `${root}${e}`);
  const program = ts.createProgram(files, {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    strict: true,
    noEmit: true,
    skipLibCheck: true,
  });
  const checker = program.getTypeChecker();
  const out: Record<string, string[]> = {};
  for (const file of files) {
    const source = program.getSourceFile(file);
    expect(source, file).toBeDefined();
    const module = checker.getSymbolAtLocation(source!);
    const missing: string[] = [];
    for (const exported of checker.getExportsOfModule(module!)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const text = ts.displayPartsToString(symbol.getDocumentationComment(checker)).trim();
      // A function documented on its signature counts too.
      const signatureDoc = (symbol.declarations ?? []).some(
        (d) => ts.isFunctionDeclaration(d) && ts.getJSDocCommentsAndTags(d).length > 0,
      );
      if (text.length === 0 && !signatureDoc) missing.push(exported.getName());
    }
    out[file.slice(root.length)] = missing;
  }
  return out;
}

describe('public API documentation', () => {
  it('every export of every public entry point has a TSDoc description', () => {
    const result = undocumented();
    expect(Object.keys(result).length).toBe(config.entryPoints.length);
    for (const [file, missing] of Object.entries(result)) expect(missing, file).toEqual([]);
  }, 120_000);
});
