// Which Chromium the browser tests drive: one named by ACESUP_CHROMIUM, else a system Chromium or Chrome,
// else the one the npm package @sparticuz/chromium ships (a dev dependency), so that no root and no apt are needed.

import { existsSync, mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where the npm Chromium is unpacked: once per clone, by the tests' global setup, before any test file runs. */
export const CHROMIUM_CACHE = join(fileURLToPath(new URL('..', import.meta.url)), 'node_modules', '.cache', 'acesup-chromium');

const SYSTEM = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];

export interface Browser {
  executablePath: string;
  /** What to print: where the browser comes from. */
  source: string;
  /** Environment the browser process needs beyond the test's own. */
  env: Record<string, string>;
}

/**
 * ACESUP_CHROMIUM=PATH names a browser, ACESUP_CHROMIUM=bundled asks for the npm one even where a system
 * one is installed. The npm one is unpacked once per clone into `cacheDir`.
 */
export async function findChromium(cacheDir: string, named = process.env.ACESUP_CHROMIUM): Promise<Browser> {
  if (named && named !== 'bundled') {
    if (!existsSync(named)) throw new Error(`ACESUP_CHROMIUM names ${named}, which does not exist`);
    return { executablePath: named, source: `ACESUP_CHROMIUM=${named}`, env: {} };
  }
  const system = named === 'bundled' ? undefined : SYSTEM.find((path) => existsSync(path));
  if (system) return { executablePath: system, source: system, env: {} };
  return bundled(cacheDir);
}

async function bundled(cacheDir: string): Promise<Browser> {
  mkdirSync(cacheDir, { recursive: true });
  const { default: chromium } = await import('@sparticuz/chromium');
  // The package unpacks into os.tmpdir(), and unpacks the libraries it ships (nss, nspr, expat, which a bare
  // Debian lacks as well) only where it believes it runs on Amazon Linux 2023: both are steered for this call.
  const saved = { TMPDIR: process.env.TMPDIR, CODEBUILD_BUILD_IMAGE: process.env.CODEBUILD_BUILD_IMAGE };
  process.env.TMPDIR = cacheDir;
  process.env.CODEBUILD_BUILD_IMAGE = 'nodejs20';
  try {
    const executablePath = await chromium.executablePath();
    const libraries = join(cacheDir, 'al2023', 'lib');
    if (!existsSync(libraries)) throw new Error(`@sparticuz/chromium did not unpack its libraries into ${libraries}`);
    return {
      executablePath,
      source: `@sparticuz/chromium (unpacked in ${cacheDir})`,
      env: { LD_LIBRARY_PATH: libraries, FONTCONFIG_PATH: fontConfig(cacheDir) },
    };
  } finally {
    for (const [key, value] of Object.entries(saved)) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  }
}

/**
 * A fontconfig setting that finds the fonts the package unpacked (and the system's, where there are any). The
 * package's own fonts.conf names Lambda's font folders (under /tmp and /opt), so elsewhere the browser found no font
 * at all, and a text field or a select then ended it (Skia's font manager aborts on the fallback it then asks for).
 */
function fontConfig(cacheDir: string): string {
  const dir = join(cacheDir, 'fontconfig');
  mkdirSync(dir, { recursive: true });
  const dirs = [join(cacheDir, 'fonts', 'fonts'), '/usr/share/fonts', '/usr/local/share/fonts'];
  // Written aside and renamed: test files launching browsers at once never read half a file.
  const file = join(dir, 'fonts.conf');
  const aside = `${file}.${process.pid}.${Math.random().toString(36).slice(2)}`;
  writeFileSync(
    aside,
    '<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig>\n' +
      dirs.map((folder) => `  <dir>${folder}</dir>\n`).join('') +
      `  <cachedir>${join(dir, 'cache')}</cachedir>\n</fontconfig>\n`,
  );
  renameSync(aside, file);
  return dir;
}
