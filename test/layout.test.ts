// The layout docs/architecture.md describes, checked on the sources: the layers import inward only (cli → report →
// batch → core, core without Node's API), no cycle of modules loading each other in src/, no file over 500 lines, and the studies apart
// (nothing in src/ imports studies/ or scripts/).
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const SRC = join(ROOT, 'src');

const files = readdirSync(SRC, { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.(ts|mjs)$/u.test(file) && !file.endsWith('.d.ts'))
  .map((file) => join('src', file))
  .sort();

/** Every module `file` imports (static or dynamic; with `types`, type-only imports too), as paths relative to the
 *  repository, or as the package or `node:` name. */
function importsOf(file: string, types = true): string[] {
  let text = readFileSync(join(ROOT, file), 'utf8');
  if (!types) text = text.replace(/^(?:import|export) type [^;]*;/gmu, '');
  const specifiers = [
    ...text.matchAll(/(?:^|\s)(?:import|export)\s[^'"]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)|^import\s+'([^']+)'/gmu),
  ].map((m) => m[1] ?? m[2] ?? m[3]!);
  return specifiers.map((s) => (s.startsWith('.') ? relative(ROOT, normalize(join(ROOT, dirname(file), s))) : s));
}

const LAYERS = ['core', 'batch', 'report', 'cli'];
const layerOf = (file: string): number => LAYERS.indexOf(file.split('/')[1]!);

describe('the layout of src/', () => {
  it('finds the sources', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain('src/core/search/search.ts');
  });

  it('has no file over 500 lines', () => {
    const long = files.filter((file) => readFileSync(join(ROOT, file), 'utf8').split('\n').length - 1 > 500);
    expect(long).toEqual([]);
  });

  it('imports inward only: cli → report → batch → core, and core no Node API', () => {
    const outward: string[] = [];
    for (const file of files) {
      const layer = layerOf(file);
      if (layer < 0) continue;
      for (const target of importsOf(file)) {
        if (target.startsWith('src/') && layerOf(target) > layer) outward.push(`${file} → ${target}`);
        if (layer === 0 && target.startsWith('node:')) outward.push(`${file} → ${target}`);
      }
    }
    expect(outward).toEqual([]);
  });

  it("lets the web page reach the solver through the library's public entry only", () => {
    const inside = files
      .filter((file) => file.startsWith('src/web/'))
      .flatMap((file) => importsOf(file).filter((t) => t.startsWith('src/') && !t.startsWith('src/web/') && t !== 'src/index.ts'));
    expect(inside).toEqual([]);
  });

  it('imports nothing from studies/, scripts/, bench/ or test/', () => {
    const out = files.flatMap((file) =>
      importsOf(file)
        .filter((t) => /^(studies|scripts|bench|test)\//u.test(t))
        .map((t) => `${file} → ${t}`),
    );
    expect(out).toEqual([]);
  });

  // Type-only imports are erased when compiled: they order no module's loading, and may go both ways.
  it('has no import cycle among the modules that load each other', () => {
    const graph = new Map(files.map((file) => [file, importsOf(file, false).filter((t) => t.startsWith('src/'))]));
    const state = new Map<string, 'open' | 'done'>();
    const cycles: string[] = [];
    const visit = (file: string, path: string[]): void => {
      if (state.get(file) === 'done') return;
      if (state.get(file) === 'open') {
        cycles.push([...path.slice(path.indexOf(file)), file].join(' → '));
        return;
      }
      state.set(file, 'open');
      for (const next of graph.get(file) ?? []) visit(next, [...path, file]);
      state.set(file, 'done');
    };
    for (const file of files) visit(file, []);
    expect(cycles).toEqual([]);
  });
});
