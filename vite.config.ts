// Vite's build of the web page (src/web → dist/web): one self-contained index.html with its script, its styles and
// the solver's worker inlined, so that the page opens from `acesup web` or straight from the disk (file://).

import { fileURLToPath } from 'node:url';
import { type Plugin, defineConfig } from 'vite';

/** Where the page's sources are and where the built page goes, whatever folder Vite is run from. */
export const WEB_SOURCES = fileURLToPath(new URL('src/web', import.meta.url));
export const WEB_OUT = fileURLToPath(new URL('dist/web', import.meta.url));

/** `</script` would end an inline script early; `<\/script` means the same inside JavaScript's strings and regexps. */
const scriptText = (code: string): string => code.replace(/<\/(script)/giu, '<\\/$1');

/**
 * Puts the entry script and the style sheet into index.html and drops their files: a module script loaded from a
 * file:// page is refused by the browser (no origin), an inline one runs.
 */
function inlineIntoPage(): Plugin {
  return {
    name: 'acesup-inline-into-page',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'];
      if (page === undefined || page.type !== 'asset') throw new Error('the build made no index.html');
      let html = String(page.source);
      for (const [name, file] of Object.entries(bundle)) {
        const escaped = name.replace(/[.*+?^${}()|[\]\\]/gu, '\\$&');
        if (file.type === 'chunk') {
          const tag = new RegExp(`<script type="module" crossorigin src="\\./${escaped}"></script>`, 'u');
          if (!tag.test(html)) throw new Error(`index.html does not load ${name}`);
          html = html.replace(tag, () => `<script type="module">${scriptText(file.code)}</script>`);
          delete bundle[name];
        } else if (name.endsWith('.css')) {
          const tag = new RegExp(`<link rel="stylesheet" crossorigin href="\\./${escaped}">`, 'u');
          if (!tag.test(html)) throw new Error(`index.html does not load ${name}`);
          html = html.replace(tag, () => `<style>${String(file.source)}</style>`);
          delete bundle[name];
        }
      }
      page.source = html;
    },
  };
}

export default defineConfig({
  root: WEB_SOURCES,
  base: './',
  logLevel: 'warn',
  // The page loads nothing from elsewhere: no public folder to copy.
  publicDir: false,
  build: {
    outDir: WEB_OUT,
    emptyOutDir: true,
    target: 'es2022',
    modulePreload: false,
    reportCompressedSize: false,
  },
  // A classic worker: it is started from a Blob of its code, which a file:// page may do.
  worker: { format: 'iife' },
  plugins: [inlineIntoPage()],
});
