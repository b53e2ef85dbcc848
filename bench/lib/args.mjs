/**
 * Reads `--name value` options of a bench's command line: `option('rate', 200)` answers the
 * value after `--rate`, or the fallback when the option is absent.
 */
export function optionReader(argv) {
  return (name, fallback) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? argv[i + 1] : fallback;
  };
}
