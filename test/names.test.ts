// One name per idea: every name a module of src/ exports is defined in one module only (a re-export, `export … from`,
// defines nothing), so that a name read anywhere means one thing. Read from the sources with TypeScript's parser.
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;

/** The TypeScript files under `dir`, relative to the repository. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.d.ts'))
    .map((file) => join(dir, file))
    .sort();
}

function exported(node: ts.Node): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
}

/** The names `file` defines and exports: its exported declarations, and `export { local }` of its own names. */
function definedExports(file: string): string[] {
  const source = ts.createSourceFile(file, readFileSync(join(ROOT, file), 'utf8'), ts.ScriptTarget.Latest, false);
  // The names the file imports: `export { a }` of one of them re-exports it.
  const imported = new Set<string>();
  for (const statement of source.statements) {
    const clause = ts.isImportDeclaration(statement) ? statement.importClause : undefined;
    if (clause?.name) imported.add(clause.name.text);
    if (clause?.namedBindings && ts.isNamedImports(clause.namedBindings))
      for (const element of clause.namedBindings.elements) imported.add(element.name.text);
    if (clause?.namedBindings && ts.isNamespaceImport(clause.namedBindings)) imported.add(clause.namedBindings.name.text);
  }
  const names: string[] = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      // `export { a } from './x.ts'` and `export * from` re-export, as does `export { a }` of an imported `a`;
      // `export { a }` of a name declared here defines it.
      if (statement.moduleSpecifier === undefined && statement.exportClause && ts.isNamedExports(statement.exportClause))
        for (const element of statement.exportClause.elements)
          if (!imported.has((element.propertyName ?? element.name).text)) names.push(element.name.text);
      continue;
    }
    if (!exported(statement)) continue;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations)
        if (ts.isIdentifier(declaration.name)) names.push(declaration.name.text);
    } else if (
      (ts.isFunctionDeclaration(statement) ||
        ts.isClassDeclaration(statement) ||
        ts.isInterfaceDeclaration(statement) ||
        ts.isTypeAliasDeclaration(statement) ||
        ts.isEnumDeclaration(statement)) &&
      statement.name
    ) {
      names.push(statement.name.text);
    }
  }
  return [...new Set(names)];
}

/** Each exported name defined in more than one module of src/, with those modules. */
function duplicateNames(): Map<string, string[]> {
  const where = new Map<string, string[]>();
  for (const file of sources('src'))
    for (const name of definedExports(file)) where.set(name, [...(where.get(name) ?? []), relative(ROOT, join(ROOT, file))]);
  return new Map([...where].filter(([, files]) => files.length > 1).sort(([a], [b]) => a.localeCompare(b)));
}

describe('names', () => {
  it('reads the names a module defines, and not those it re-exports', () => {
    expect(definedExports('src/index.ts')).toEqual([]);
    expect(definedExports('src/core/game/format.ts')).toContain('fmt');
  });

  it('defines each exported name of src/ once', () => {
    const lines = [...duplicateNames()].map(([name, files]) => `${name}: ${files.join(', ')}`);
    expect(lines).toEqual([]);
  });
});
