import purgeCSSPlugin from '@fullhuman/postcss-purgecss';
import type { Plugin } from 'postcss';

/**
 * Class names react-bootstrap composes at runtime from props (`variant="outline-primary"` →
 * `btn-outline-primary`, `bg="danger"` → `text-bg-danger`, `<Col md={6}>` → `col-md-6`,
 * `placement="end"` → `offcanvas-end`, a ToastContainer's `position` → `bottom-0 end-0`) and
 * the state classes its transitions add (`fade show`, `collapsing`). The source never spells
 * them out whole, so a scan of it cannot find them.
 */
const RUNTIME_CLASSES = [
  /^btn/,
  /^modal/,
  /^dropdown/,
  /^drop(up|end|start)/,
  /^offcanvas/,
  /^navbar/,
  /^nav/,
  /^tab/,
  /^fade$/,
  /^show$/,
  /^showing$/,
  /^hiding$/,
  /^collaps/,
  /^spinner/,
  /^form-/,
  /^was-validated$/,
  /^(is|was)-(in)?valid/,
  /^(in)?valid-(feedback|tooltip)/,
  /^input-group/,
  /^alert/,
  /^badge/,
  /^text-bg-/,
  /^bg-/,
  /^text-/,
  /^toast/,
  /^tooltip/,
  /^popover/,
  /^bs-(tooltip|popover)/,
  /^list-group/,
  /^table/,
  /^pagination/,
  /^page-/,
  /^placeholder/,
  /^visually-hidden/,
  /^progress/,
  /^col/,
  /^row/,
  /^g[xy]?-\d/,
  /^container/,
  /^card/,
  /^ratio/,
  /^rounded/,
  /^img-/,
  /^figure/,
  /^(top|bottom|start|end)-/,
  /^translate-middle/,
  /^position-/,
];

/**
 * Leaves out the Bootstrap rules no class in the web app's source or the runtime list above
 * selects. Only Bootstrap's own stylesheet is purged: the app's styles are all meant to ship.
 */
export function purgeBootstrap(content: string[]): Plugin {
  const purge = purgeCSSPlugin({
    content,
    safelist: { standard: RUNTIME_CLASSES },
    // Unused `--bs-*` variables stay: the app's styles and inline styles read many of them.
    variables: false,
    keyframes: true,
    fontFace: true,
  }) as Plugin & { OnceExit: NonNullable<Plugin['OnceExit']> };
  return {
    postcssPlugin: 'purge-bootstrap',
    OnceExit(root, helpers) {
      const file = root.source?.input.file ?? '';
      if (!/[\\/]node_modules[\\/]bootstrap[\\/]/.test(file)) return;
      return purge.OnceExit(root, helpers);
    },
  };
}
