// What ships: the packed tarball holds only what runs (the compiled build with its declarations, the web page built into one
// file, the launcher, the rules, README, LICENSE), and the compiled build runs without TypeScript or tsx.
import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = new URL('..', import.meta.url).pathname;
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  license: string;
  bin: Record<string, string>;
  dependencies: Record<string, string>;
  exports: Record<string, { types: string; default: string } | string>;
};

/** Every file under `dir`, relative to the repository. */
function walk(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? walk(join(dir, entry.name)) : [join(dir, entry.name)],
  );
}

describe('package', () => {
  it('packs only the compiled build, the web page, the launcher, docs/rules.md, README, LICENSE and package.json', () => {
    // --ignore-scripts: the global setup has just built dist/; pack must not rebuild it under running tests
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
    const files = (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path).sort();
    const others = files.filter((f) => !/^dist\/.+\.(js|d\.ts)$/u.test(f));
    // The page ships built (the global setup builds it), so that `acesup web` serves it where Vite is not installed.
    expect(others).toEqual(['LICENSE', 'README.md', 'bin/acesup.js', 'dist/web/index.html', 'docs/rules.md', 'package.json']);
    expect(files).toContain('dist/cli/main.js');
    expect(files).toContain('dist/batch/worker.js');
    // every source module has its compiled counterpart in the tarball (the page's modules are bundled into the page)
    const sources = walk('src')
      .filter((f) => f.endsWith('.ts') && !f.startsWith('src/web/'))
      .map((f) => f.replace(/^src\//u, 'dist/').replace(/\.ts$/u, '.js'));
    expect(sources.filter((f) => !files.includes(f))).toEqual([]);
    // and its declarations, for the library's users
    expect(sources.map((f) => f.replace(/\.js$/u, '.d.ts')).filter((f) => !files.includes(f))).toEqual([]);
  });

  it("exports the library's two entries, each with its types, and both are in the tarball", () => {
    expect(pkg.exports['.']).toEqual({ types: './dist/index.d.ts', default: './dist/index.js' });
    expect(pkg.exports['./node']).toEqual({ types: './dist/node.d.ts', default: './dist/node.js' });
    const out = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], { cwd: ROOT, encoding: 'utf8' });
    const files = (JSON.parse(out) as { files: { path: string }[] }[])[0]!.files.map((f) => f.path);
    for (const entry of ['.', './node']) {
      const target = pkg.exports[entry] as { types: string; default: string };
      expect(files).toContain(target.types.slice(2));
      expect(files).toContain(target.default.slice(2));
    }
  });

  it('the compiled build imports no .ts module and neither tsx nor typescript, which are development tools', () => {
    expect(pkg.dependencies).not.toHaveProperty('tsx');
    expect(pkg.dependencies).not.toHaveProperty('typescript');
    const launcher = readFileSync(join(ROOT, pkg.bin['acesup']!), 'utf8');
    for (const file of [...walk('dist').filter((f) => f.endsWith('.js')), pkg.bin['acesup']!]) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      expect(text, file).not.toMatch(/\bfrom\s+['"][^'"]+\.ts['"]|import\(\s*['"][^'"]+\.ts['"]/u);
      expect(text, file).not.toMatch(/['"](tsx|typescript)(\/[^'"]*)?['"]/u);
    }
    expect(launcher).toContain('../dist/cli/main.js');
  });

  it('carries an MIT LICENSE, as package.json says', () => {
    expect(pkg.license).toBe('MIT');
    const license = readFileSync(join(ROOT, 'LICENSE'), 'utf8');
    expect(license.split('\n')[0]).toBe('MIT License');
    expect(license).toMatch(/^Copyright \(c\) \d{4} the acesup authors$/mu);
    expect(license).toContain('THE SOFTWARE IS PROVIDED "AS IS", WITHOUT WARRANTY OF ANY KIND');
  });
});
